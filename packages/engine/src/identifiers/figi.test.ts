import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineError } from "../errors/EngineError.ts";
import { arbitraryFigi, arbitraryFigiBody } from "../testing/index.ts";
import { assertFigi, figiCheckDigit, isValidFigi } from "./index.ts";

// Real FIGIs, public identifiers (OpenFIGI, openfigi.com; the Wikipedia "Financial Instrument
// Global Identifier" article lists the IBM ones): Apple Inc. composite BBG000B9XRY4, Microsoft
// Corp. composite BBG000BPH459, IBM listings BBG000BLNQ16 / BBG000BLNNV0 / BBG000BLNR78 /
// BBG000BLNPB7 / BBG000BLNWJ4 / BBG000BLNXP5 / BBG000BLNS85, and NRG92C84SB39 (a non-BBG prefix).
const REAL_FIGIS = [
  "BBG000B9XRY4",
  "BBG000BPH459",
  "BBG000BLNQ16",
  "BBG000BLNNV0",
  "BBG000BLNR78",
  "BBG000BLNPB7",
  "BBG000BLNWJ4",
  "BBG000BLNXP5",
  "BBG000BLNS85",
  "NRG92C84SB39",
];

const DIGITS = "0123456789";
const EXCLUDED = ["BS", "BM", "GG", "GB", "GH", "KY", "VG"];
// Characters 4-11 lean towards digits so that the digit-substitution property finds digits often.
const body = arbitraryFigiBody();
const validFigi = arbitraryFigi();

function replaceAt(s: string, i: number, c: string): string {
  return s.slice(0, i) + c + s.slice(i + 1);
}

describe("figiCheckDigit", () => {
  it("matches a hand computation for Apple (BBG000B9XRY → 4)", () => {
    // Values B=11 B=11 G=16 0 0 0 B=11 9 X=33 R=27 Y=34; positions 2,4,6,8,10 doubled:
    // 11, 22, 16, 0, 0, 0, 11, 18, 33, 54, 34; digit sums 2+4+7+0+0+0+2+9+6+9+7 = 46;
    // check digit (10 − 6) mod 10 = 4.
    expect(figiCheckDigit("BBG000B9XRY")).toBe(4);
  });

  it("gives the published check digit of every real FIGI listed", () => {
    for (const figi of REAL_FIGIS) expect(figiCheckDigit(figi.slice(0, 11))).toBe(Number(figi[11]));
  });

  it("rejects a malformed body, naming the field and the rule", () => {
    for (const bad of [
      "bbg000b9xry",
      "BBG000B9XR",
      "BBG000B9XRY4",
      "BBA000B9XRY",
      "BBG000A9XRY",
      "BSG000B9XRY",
      "1BG000B9XRY",
    ]) {
      expect(() => figiCheckDigit(bad)).toThrow(EngineError);
      expect(() => figiCheckDigit(bad)).toThrow(/body must be a FIGI body of 11 characters/);
    }
  });

  it("returns an integer in 0..9 and the body plus it validates, and no other digit does (property)", () => {
    fc.assert(
      fc.property(body, (b) => {
        const d = figiCheckDigit(b);
        expect(Number.isInteger(d) && d >= 0 && d <= 9).toBe(true);
        expect(isValidFigi(b + String(d))).toBe(true);
        for (const other of DIGITS) if (Number(other) !== d) expect(isValidFigi(b + other)).toBe(false);
      }),
    );
  });
});

describe("isValidFigi", () => {
  it("accepts the real FIGIs", () => {
    for (const figi of REAL_FIGIS) expect(isValidFigi(figi)).toBe(true);
  });

  it("rejects each excluded prefix even with a correct check digit", () => {
    for (const p of EXCLUDED) {
      const b = `${p}G000B9XRY`;
      // Every possible check digit is tried, so the rejection comes from the prefix rule alone.
      for (const d of DIGITS) expect(isValidFigi(b + d)).toBe(false);
    }
  });

  it("rejects vowels, digits in the prefix, a third character other than G, lowercase, wrong length", () => {
    for (const bad of [
      "ABG000B9XRY4", // vowel in prefix
      "BBG000E9XRY4", // vowel in characters 4-11
      "BBG000U9XRY4",
      "1BG000B9XRY4", // digit in prefix (the standard allows consonants only there)
      "B1G000B9XRY4",
      "BBH000B9XRY4", // third character must be G
      "bbg000b9xry4", // lowercase
      "BBG000B9XRY", // 11 characters
      "BBG000B9XRY40", // 13 characters
      "BBG000B9XRYX", // check character must be a digit
      "",
    ]) {
      expect(isValidFigi(bad)).toBe(false);
    }
    expect(isValidFigi(undefined as unknown as string)).toBe(false);
  });

  // What the FIGI check digit guarantees: each character contributes digitsum(v) or
  // digitsum(2v) of its own value v. For digits both maps are permutations of 0..9, so changing
  // one digit character into another digit (any position 4-12) is always detected.
  it("detects every change of one digit character into another digit (property)", () => {
    fc.assert(
      fc.property(validFigi, fc.integer({ min: 3, max: 11 }), fc.constantFrom(...DIGITS), (figi, i, d) => {
        fc.pre(DIGITS.includes(figi[i]!) && figi[i] !== d);
        expect(isValidFigi(replaceAt(figi, i, d))).toBe(false);
      }),
    );
  });

  it("does NOT detect every letter substitution (documented limitation of the standard)", () => {
    // Position 7 (undoubled): B = 11 contributes 1 + 1 = 2, the digit 2 contributes 2: same sum.
    expect(isValidFigi("BBG000B9XRY4")).toBe(true);
    expect(isValidFigi("BBG000" + "2" + "9XRY4")).toBe(true);
  });
});

describe("assertFigi", () => {
  it("returns a valid FIGI unchanged", () => {
    for (const figi of REAL_FIGIS) expect(assertFigi("figi", figi)).toBe(figi);
  });

  it("names the field and the format rule", () => {
    try {
      assertFigi("companies[0].figi", "BSG000B9XRY4");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EngineError);
      const err = e as EngineError;
      expect(err.code).toBe("INVALID_INPUT");
      expect(err.field).toBe("companies[0].figi");
      expect(err.message).toMatch(
        /^companies\[0\]\.figi must be a FIGI of 12 characters: 2 uppercase consonants not BS/,
      );
    }
    expect(() => assertFigi("figi", 12)).toThrow(/got number/);
  });

  it("names the check-digit rule and the expected digit", () => {
    expect(() => assertFigi("figi", "BBG000B9XRY5")).toThrow(
      'figi must be a FIGI with a valid check digit: expected 4 as 12th character, got "BBG000B9XRY5"',
    );
  });

  it("agrees with isValidFigi on arbitrary strings (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          validFigi,
          fc.string({ minLength: 11, maxLength: 13 }),
          validFigi.map((s) => replaceAt(s, 11, "0")),
        ),
        (s) => {
          let ok = true;
          try {
            assertFigi("x", s);
          } catch (e) {
            expect(e).toBeInstanceOf(EngineError);
            ok = false;
          }
          expect(ok).toBe(isValidFigi(s));
        },
      ),
    );
  });
});
