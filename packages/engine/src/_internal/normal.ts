/**
 * The standard normal distribution, to full double precision, for the statistics that need it
 * (probabilistic and deflated Sharpe ratio, Cornish–Fisher VaR). See docs/maths.md#normal-distribution.
 *
 * `normalCdf(x) = erfc(-x / √2) / 2`, with erfc from two expansions that need no fitted coefficients:
 * - |z| < 2: the series erf(z) = (2/√π) e^{-z²} Σ_k 2^k z^{2k+1} / (1·3·…·(2k+1)) (Abramowitz &
 *   Stegun 7.1.6), all terms positive, so no cancellation;
 * - |z| ≥ 2: the continued fraction erfc(z) = (e^{-z²}/√π) · 1/(z + (1/2)/(z + 1/(z + (3/2)/(z + …))))
 *   (A&S 7.1.14), evaluated by the modified Lentz algorithm, which keeps erfc's relative accuracy far
 *   into the tail (down to 1e-300).
 * `normalQuantile(p)`: the A&S 26.2.23 rational start (|error| < 4.5e-4) refined by Halley steps on
 * `normalCdf`, to a relative error near 1e-15.
 */

const SQRT_PI = Math.sqrt(Math.PI);
const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** exp(-z²) with z² split into an exact head and a small tail (so the tail keeps its relative accuracy). */
function expMinusSquare(z: number): number {
  const head = Math.round(z * 4096) / 4096; // 12 bits after the point: head² is exact
  const tail = z - head;
  return Math.exp(-head * head) * Math.exp(-tail * (z + head));
}

/** erfc(z) for z >= 2 by the continued fraction (modified Lentz). */
function erfcContinuedFraction(z: number): number {
  // 1 / (z + a1/(z + a2/(z + ...))) with a_k = k/2.
  const tiny = 1e-300;
  let f = z;
  let c = z;
  let d = 0;
  for (let k = 1; k < 500; k++) {
    const a = k / 2;
    d = z + a * d;
    d = d === 0 ? tiny : d;
    c = z + a / c;
    c = c === 0 ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return expMinusSquare(z) / SQRT_PI / f;
}

/** erf(z) for |z| < 2 by the positive series. */
function erfSeries(z: number): number {
  const z2 = 2 * z * z;
  let term = z;
  let sum = z;
  for (let k = 1; k < 200; k++) {
    term *= z2 / (2 * k + 1);
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return (2 / SQRT_PI) * expMinusSquare(z) * sum;
}

/** The complementary error function erfc(z) = 1 - erf(z), accurate relatively in both tails. */
export function erfc(z: number): number {
  if (z >= 2) return z > 27.3 ? 0 : erfcContinuedFraction(z);
  if (z <= -2) return z < -6 ? 2 : 2 - erfcContinuedFraction(-z);
  return 1 - (z >= 0 ? erfSeries(z) : -erfSeries(-z));
}

/** Φ(x), the standard normal cumulative distribution function. */
export function normalCdf(x: number): number {
  return erfc(-x / Math.SQRT2) / 2;
}

/** φ(x), the standard normal density. */
export function normalPdf(x: number): number {
  return expMinusSquare(x / Math.SQRT2) / SQRT_2PI;
}

/** Φ⁻¹(p) for 0 < p < 1 (not checked by this helper: callers validate). */
export function normalQuantile(p: number): number {
  if (p === 0.5) return 0;
  // 1 - p is exact for p >= 0.5 (Sterbenz), so the upper half reflects the lower tail exactly.
  return p > 0.5 ? -lowerQuantile(1 - p) : lowerQuantile(p);
}

/** Φ⁻¹(q) for 0 < q < 0.5. */
function lowerQuantile(q: number): number {
  // A&S 26.2.23 start, then Halley steps on f(x) = Φ(x) - q (f'' / f' = -x).
  const t = Math.sqrt(-2 * Math.log(q));
  let x = -(
    t -
    (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t)
  );
  for (let i = 0; i < 6; i++) {
    const density = normalPdf(x);
    if (!(density > 0)) break; // q below ~1e-310: Φ and φ underflow; the start is within 5e-4
    const u = (normalCdf(x) - q) / density;
    const step = u / (1 + (x * u) / 2);
    x -= step;
    if (Math.abs(step) <= 2e-16 * Math.abs(x)) break;
  }
  return x;
}
