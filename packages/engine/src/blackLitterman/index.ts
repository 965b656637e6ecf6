// Public surface of the Black–Litterman area; re-exported by src/index.ts.
export { impliedEquilibriumReturns } from "./impliedEquilibriumReturns.ts";
export {
  blackLitterman,
  type BlackLittermanOptions,
  type BlackLittermanResult,
  type BlackLittermanView,
  type BlackLittermanViews,
  type AbsoluteView,
  type RelativeView,
  type ViewLeg,
} from "./blackLitterman.ts";
