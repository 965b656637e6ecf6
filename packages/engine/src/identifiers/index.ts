// Public surface of the identifiers area; re-exported by src/index.ts.
export { isinCheckDigit } from "./isinCheckDigit.ts";
export { isValidIsin } from "./isValidIsin.ts";
export { assertIsin } from "./assertIsin.ts";
export { figiCheckDigit } from "./figiCheckDigit.ts";
export { isValidFigi } from "./isValidFigi.ts";
export { assertFigi } from "./assertFigi.ts";
