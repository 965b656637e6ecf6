import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineError } from "../errors/EngineError.ts";
import { arbitraryIsin, arbitraryIsinBody } from "../testing/index.ts";
import { assertIsin, isinCheckDigit, isValidIsin } from "./index.ts";

// Real ISINs, public identifiers of listed shares (issuer filings, exchange listings, and the
// examples in the Wikipedia "International Securities Identification Number" article):
// Apple Inc., BAE Systems plc, SAP SE, Toyota Motor Corp., TotalEnergies SE, Microsoft Corp.,
// BHP (AU0000XVGZA3, the article's example with letters inside the body).
const REAL_ISINS = [
  "US0378331005",
  "GB0002634946",
  "DE0007164600",
  "JP3633400001",
  "FR0000120271",
  "US5949181045",
  "AU0000XVGZA3",
];

const DIGITS = "0123456789";
// Bodies lean towards digits (real ISIN bodies are mostly digits) so that the properties about
// digit characters find digits to change often; letters still appear.
const body = arbitraryIsinBody();
const validIsin = arbitraryIsin();

function replaceAt(s: string, i: number, c: string): string {
  return s.slice(0, i) + c + s.slice(i + 1);
}

describe("isinCheckDigit", () => {
  it("matches a hand computation for Apple (US037833100 → 5)", () => {
    // U = 30, S = 28: digit string 3028037833100. Doubling every other digit from the right
    // (rightmost doubled): 0·2, 0, 1·2, 3, 3·2, 8, 7·2=14→5, 3, 0·2, 8, 2·2, 0, 3·2
    // = 0+0+2+3+6+8+5+3+0+8+4+0+6 = 45, check digit (10 − 5) mod 10 = 5.
    expect(isinCheckDigit("US037833100")).toBe(5);
  });

  it("gives the published check digit of every real ISIN listed", () => {
    for (const isin of REAL_ISINS) expect(isinCheckDigit(isin.slice(0, 11))).toBe(Number(isin[11]));
  });

  it("rejects a malformed body, naming the field and the rule", () => {
    for (const bad of ["us037833100", "US03783310", "US0378331005", "U1037833100", "US03783310-", ""]) {
      expect(() => isinCheckDigit(bad)).toThrow(EngineError);
      expect(() => isinCheckDigit(bad)).toThrow(/body must be an ISIN body of 11 characters/);
    }
    expect(() => isinCheckDigit(42 as unknown as string)).toThrow(/got number/);
  });

  it("returns an integer in 0..9 and the body plus it validates (property)", () => {
    fc.assert(
      fc.property(body, (b) => {
        const d = isinCheckDigit(b);
        expect(Number.isInteger(d) && d >= 0 && d <= 9).toBe(true);
        expect(isValidIsin(b + String(d))).toBe(true);
        // ...and it is the only digit that does.
        for (const other of DIGITS) if (Number(other) !== d) expect(isValidIsin(b + other)).toBe(false);
      }),
    );
  });
});

describe("isValidIsin", () => {
  it("accepts the real ISINs", () => {
    for (const isin of REAL_ISINS) expect(isValidIsin(isin)).toBe(true);
  });

  it("rejects lowercase, wrong length, wrong country format, a letter as check digit, non-strings", () => {
    for (const bad of [
      "us0378331005", // lowercase
      "Us0378331005",
      "US037833100", // 11 characters
      "US03783310050", // 13 characters
      " US0378331005",
      "1S0378331005", // country must be two letters
      "U10378331005",
      "US037833100A", // check character must be a digit
      "",
    ]) {
      expect(isValidIsin(bad)).toBe(false);
    }
    expect(isValidIsin(null as unknown as string)).toBe(false);
    expect(isValidIsin(378331005 as unknown as string)).toBe(false);
  });

  // What Luhn guarantees (and nothing more): on the digit string it is computed over, every
  // single-digit substitution is detected, because d ↦ d and d ↦ digitsum(2d) are both
  // permutations of 0..9. Changing one DIGIT character of an ISIN (including the check digit)
  // into another digit is exactly one single-digit substitution of the numeric expansion, with
  // the same parity, so it is always detected.
  it("detects every change of one digit character into another digit (property)", () => {
    fc.assert(
      fc.property(validIsin, fc.nat(11), fc.constantFrom(...DIGITS), (isin, i, d) => {
        fc.pre(DIGITS.includes(isin[i]!) && isin[i] !== d);
        expect(isValidIsin(replaceAt(isin, i, d))).toBe(false);
      }),
    );
  });

  it("detects every single-character change in the check digit or the 9 body digits of real ISINs (exhaustive)", () => {
    for (const isin of REAL_ISINS) {
      for (let i = 0; i < 12; i++) {
        if (!DIGITS.includes(isin[i]!)) continue;
        for (const d of DIGITS) if (d !== isin[i]) expect(isValidIsin(replaceAt(isin, i, d))).toBe(false);
      }
    }
  });

  // Luhn also detects swapping two adjacent digits of the expansion unless they are 0 and 9;
  // two adjacent digit characters of an ISIN are adjacent in the expansion.
  it("detects a swap of two adjacent different digit characters other than 0/9 (property)", () => {
    fc.assert(
      fc.property(validIsin, fc.integer({ min: 2, max: 10 }), (isin, i) => {
        const a = isin[i]!;
        const b = isin[i + 1]!;
        fc.pre(DIGITS.includes(a) && DIGITS.includes(b) && a !== b);
        fc.pre(!((a === "0" && b === "9") || (a === "9" && b === "0")));
        expect(isValidIsin(isin.slice(0, i) + b + a + isin.slice(i + 2))).toBe(false);
      }),
    );
  });

  it("does NOT detect every letter substitution: a letter changes two digits of the expansion (documented limitation)", () => {
    // AU0000XVGZA3 → AU0000XVGZT3. A = 10, T = 29 occupy the two rightmost digits of the
    // expansion. A: units 0 doubled → 0, tens 1 → 1, total 1. T: units 9 doubled → 18 → 9,
    // tens 2 → 2, total 11. 11 ≡ 1 (mod 10): same Luhn sum, so the changed code still validates.
    expect(isValidIsin("AU0000XVGZA3")).toBe(true);
    expect(isValidIsin("AU0000XVGZT3")).toBe(true);
  });
});

describe("assertIsin", () => {
  it("returns a valid ISIN unchanged", () => {
    for (const isin of REAL_ISINS) expect(assertIsin("isin", isin)).toBe(isin);
  });

  it("names the field and the format rule", () => {
    try {
      assertIsin("companies[2].isin", "us0378331005");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EngineError);
      const err = e as EngineError;
      expect(err.code).toBe("INVALID_INPUT");
      expect(err.field).toBe("companies[2].isin");
      expect(err.message).toMatch(/^companies\[2\]\.isin must be an ISIN of 12 characters/);
      expect(err.message).toContain('"us0378331005"');
    }
    expect(() => assertIsin("isin", null)).toThrow(/isin must be an ISIN of 12 characters.*got null/);
    expect(() => assertIsin("isin", 5)).toThrow(/got number/);
  });

  it("names the check-digit rule and the expected digit", () => {
    expect(() => assertIsin("isin", "US0378331003")).toThrow(
      'isin must be an ISIN with a valid check digit (ISO 6166 Luhn): expected 5 as 12th character, got "US0378331003"',
    );
  });

  it("agrees with isValidIsin on arbitrary strings (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          validIsin,
          fc.string({ minLength: 10, maxLength: 13 }),
          validIsin.map((s) => replaceAt(s, 11, "0")),
        ),
        (s) => {
          let ok = true;
          try {
            assertIsin("x", s);
          } catch (e) {
            expect(e).toBeInstanceOf(EngineError);
            ok = false;
          }
          expect(ok).toBe(isValidIsin(s));
        },
      ),
    );
  });
});
