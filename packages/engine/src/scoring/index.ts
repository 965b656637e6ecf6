// Public surface of the scoring area; re-exported by src/index.ts.
export { DEFAULT_SCORING_MIN_MARKET_CAP, type ConvictionInput, type ConvictionOptions } from "./types.ts";
export { convictionScores } from "./convictionScores.ts";
export { sizeNeutralBuzz } from "./sizeNeutralBuzz.ts";
export { convictionBand, type ConvictionBand } from "./convictionBand.ts";
