// Public surface of the discrete-allocation area; re-exported by src/index.ts.
export {
  discreteAllocation,
  type DiscreteAllocationOptions,
  type DiscreteAllocationResult,
} from "./discreteAllocation.ts";
export type { PricesInput } from "./_internal/readAllocationInputs.ts";
