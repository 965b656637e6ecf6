/**
 * Arbitraries of the statistics' inputs: periodic simple returns, prices and NAVs, confidence
 * levels, and any finite double for robustness properties.
 */
import fc from "fast-check";

/** A realistic periodic simple return (> -1, at most +500%). */
export const arbitraryReturn = (): fc.Arbitrary<number> => fc.double({ min: -0.99, max: 5, noNaN: true });

/** A series of realistic returns, `minLength..maxLength` long (default 2..300). */
export const arbitraryReturns = (minLength = 2, maxLength = 300): fc.Arbitrary<number[]> =>
  fc.array(arbitraryReturn(), { minLength, maxLength });

/** A positive price or NAV, 1e-3..1e6. */
export const arbitraryPrice = (): fc.Arbitrary<number> => fc.double({ min: 1e-3, max: 1e6, noNaN: true });

/**
 * A price in a realistic band (1..1000): ratios of two stay within 1e-3..1e3, so properties of
 * r = P_t / P_{t-1} − 1 are not dominated by cancellation near r = −1.
 */
export const arbitraryTamePrice = (): fc.Arbitrary<number> => fc.double({ min: 1, max: 1000, noNaN: true });

/** A series of positive prices, `minLength..maxLength` long (default 1..300). */
export const arbitraryPrices = (minLength = 1, maxLength = 300): fc.Arbitrary<number[]> =>
  fc.array(arbitraryPrice(), { minLength, maxLength });

/** Any finite double, extremes included (±1.8e308, subnormals, −0). */
export const arbitraryFiniteDouble = (): fc.Arbitrary<number> => fc.double({ noNaN: true, noDefaultInfinity: true });

/** A confidence level β strictly inside (0, 1): 0.001..0.999. */
export const arbitraryConfidence = (): fc.Arbitrary<number> => fc.double({ min: 0.001, max: 0.999, noNaN: true });

/**
 * Uniform on [min, max] in `steps` equal steps (fc.double favours the ends of a range, which makes
 * most optimizer instances trivial; this does not).
 *
 * @example
 * fc.sample(uniformIn(0, 1, 4), 8).every((x) => [0, 0.25, 0.5, 0.75, 1].includes(x)) // => true
 */
export const uniformIn = (min: number, max: number, steps = 1000): fc.Arbitrary<number> =>
  fc.integer({ min: 0, max: steps }).map((k) => min + ((max - min) * k) / steps);
