/** Arbitraries of valid security identifiers (their check digits computed by the engine). */
import fc from "fast-check";
import { figiCheckDigit } from "../identifiers/figiCheckDigit.ts";
import { isinCheckDigit } from "../identifiers/isinCheckDigit.ts";

const CONSONANTS = "BCDFGHJKLMNPQRSTVWXYZ";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";
const FIGI_EXCLUDED_PREFIXES = ["BS", "BM", "GG", "GB", "GH", "KY", "VG"];

/** Characters weighted towards digits (3:1), so digit-substitution properties find digits often. */
const digitHeavy = (letters: string) =>
  fc.oneof({ arbitrary: fc.constantFrom(...DIGITS), weight: 3 }, { arbitrary: fc.constantFrom(...letters), weight: 1 });

/** The 11 characters of a FIGI before its check digit: two consonants (not BS, BM, GG, GB, GH, KY, VG), `G`, eight consonants or digits. */
export function arbitraryFigiBody(): fc.Arbitrary<string> {
  const consonant = fc.constantFrom(...CONSONANTS);
  const prefix = fc
    .tuple(consonant, consonant)
    .map(([a, b]) => a + b)
    .filter((p) => !FIGI_EXCLUDED_PREFIXES.includes(p));
  const tail = fc.array(digitHeavy(CONSONANTS), { minLength: 8, maxLength: 8 }).map((a) => a.join(""));
  return fc.tuple(prefix, tail).map(([p, t]) => `${p}G${t}`);
}

/**
 * A valid 12-character FIGI.
 *
 * @example
 * fc.assert(fc.property(arbitraryFigi(), isValidFigi));
 */
export const arbitraryFigi = (): fc.Arbitrary<string> => arbitraryFigiBody().map((b) => b + String(figiCheckDigit(b)));

/** The 11 characters of an ISIN before its check digit: two letters, nine letters or digits. */
export function arbitraryIsinBody(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.array(fc.constantFrom(...UPPER), { minLength: 2, maxLength: 2 }),
      fc.array(digitHeavy(UPPER), { minLength: 9, maxLength: 9 }),
    )
    .map(([country, rest]) => country.join("") + rest.join(""));
}

/** A valid 12-character ISIN. */
export const arbitraryIsin = (): fc.Arbitrary<string> => arbitraryIsinBody().map((b) => b + String(isinCheckDigit(b)));
