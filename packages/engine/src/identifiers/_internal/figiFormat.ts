/**
 * The FIGI format rule (OMG FIGI 1.0, section 6.1.2), without the check digit:
 * - characters 1-2: uppercase consonants (Y counts as a consonant), not one of the pairs
 *   BS, BM, GG, GB, GH, KY, VG (excluded so that a FIGI cannot read as an ISIN of those
 *   jurisdictions, whose ISINs may carry "G" third);
 * - character 3: "G";
 * - characters 4-11: uppercase consonants or digits (no vowels A, E, I, O, U);
 * - character 12 (full FIGI only): the check digit.
 */
const CONSONANT = "[B-DF-HJ-NP-TV-Z]";
const BODY_SOURCE = `(?!BS|BM|GG|GB|GH|KY|VG)${CONSONANT}{2}G[0-9B-DF-HJ-NP-TV-Z]{8}`;
export const FIGI_BODY_PATTERN = new RegExp(`^${BODY_SOURCE}$`);
export const FIGI_PATTERN = new RegExp(`^${BODY_SOURCE}[0-9]$`);
export const FIGI_EXCLUDED_PREFIXES: readonly string[] = ["BS", "BM", "GG", "GB", "GH", "KY", "VG"];
const PARTS =
  "2 uppercase consonants not BS, BM, GG, GB, GH, KY or VG, then 'G', then 8 uppercase consonants or digits (no vowels)";
export const FIGI_FORMAT_RULE = `12 characters: ${PARTS}, then 1 check digit`;
export const FIGI_BODY_RULE = `11 characters: ${PARTS}`;
