// Public surface of the Black–Litterman area; re-exported by src/index.ts.
export { impliedEquilibriumReturns } from "./impliedEquilibriumReturns.ts";
export { blackLitterman, type BlackLittermanInput, type BlackLittermanResult, type BlackLittermanView } from "./blackLitterman.ts";
