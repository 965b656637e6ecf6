// Public surface of the walk-forward area (docs/maths.md#walk-forward-evaluation); re-exported by src/index.ts.
export type { WalkForwardContext, WalkForwardEstimator, WalkForwardOptions, WalkForwardRebalance, WalkForwardResult, WalkForwardSchedule, WalkForwardWeights } from "./types.ts";
export { walkForward } from "./walkForward.ts";
