import { expect } from "vitest";
import { closeTo, closeToTolerance } from "../../testing/closeTo.ts";
import {
  arbitraryConfidence,
  arbitraryFiniteDouble,
  arbitraryPrice,
  arbitraryPrices,
  arbitraryReturn,
  arbitraryReturns,
  arbitraryTamePrice,
} from "../../testing/returns.ts";

/** Asserts |actual - expected| <= rel·max(|actual|, |expected|) + abs (`closeTo` of @thematic/engine/testing). */
export function expectClose(actual: number, expected: number, rel = 1e-9, abs = 1e-12): void {
  if (!closeTo(actual, expected, rel, abs))
    expect.fail(`expected ${actual} to be within ${closeToTolerance(actual, expected, rel, abs)} of ${expected}`);
}

// The stats tests' names for the arbitraries of @thematic/engine/testing.
export const returnArb = arbitraryReturn();
export const returnsArb = arbitraryReturns;
export const priceArb = arbitraryPrice();
export const tamePriceArb = arbitraryTamePrice();
export const pricesArb = arbitraryPrices;
export const anyFiniteArb = arbitraryFiniteDouble();
export const betaArb = arbitraryConfidence();
