/**
 * Test oracles (not exported): straightforward implementations of the tear-sheet statistics with
 * simple-statistics, written from the formulas in docs/maths.md and sharing no code with the engine.
 */
import * as ss from "simple-statistics";

export const perPeriod = (rf: number, p: number): number => (1 + rf) ** (1 / p) - 1;

export function sortinoOracle(r: number[], rf: number, p: number): number {
  const e = r.map((x) => x - perPeriod(rf, p));
  const dd = Math.sqrt(ss.mean(e.map((x) => Math.min(x, 0) ** 2)));
  return (ss.mean(e) / dd) * Math.sqrt(p);
}

export function betaOracle(r: number[], b: number[]): number {
  return ss.sampleCovariance(r, b) / ss.sampleVariance(b);
}

export function alphaOracle(r: number[], b: number[], rf: number, p: number): number {
  const f = perPeriod(rf, p);
  return p * (ss.mean(r) - f - betaOracle(r, b) * (ss.mean(b) - f));
}

export const active = (r: number[], b: number[]): number[] => r.map((x, i) => x - b[i]!);

export function trackingErrorOracle(r: number[], b: number[], p: number): number {
  return ss.sampleStandardDeviation(active(r, b)) * Math.sqrt(p);
}

export function informationRatioOracle(r: number[], b: number[], p: number): number {
  const a = active(r, b);
  return (ss.mean(a) / ss.sampleStandardDeviation(a)) * Math.sqrt(p);
}

/** Annualised geometric return of the chosen periods, by plain products. */
function annualised(x: number[], p: number): number {
  return x.reduce((acc, v) => acc * (1 + v), 1) ** (p / x.length) - 1;
}

export function captureOracle(r: number[], b: number[], p: number): { up: number; down: number } {
  const up = b.map((v, i) => [r[i]!, v] as const).filter(([, v]) => v > 0);
  const down = b.map((v, i) => [r[i]!, v] as const).filter(([, v]) => v < 0);
  const ratio = (pairs: ReadonlyArray<readonly [number, number]>) =>
    pairs.length === 0
      ? 0
      : annualised(
          pairs.map(([x]) => x),
          p,
        ) /
        annualised(
          pairs.map(([, v]) => v),
          p,
        );
  return { up: ratio(up), down: ratio(down) };
}

export function calmarOracle(v: number[], years: number): number {
  let peak = v[0]!;
  let mdd = 0;
  for (const x of v) {
    peak = Math.max(peak, x);
    mdd = Math.min(mdd, (x - peak) / peak);
  }
  return ((v[v.length - 1]! / v[0]!) ** (1 / years) - 1) / -mdd;
}

/** Every window's value of `f`, windows of `m` ending at m-1 .. n-1. */
export function rollingOracle(n: number, m: number, f: (from: number, to: number) => number): number[] {
  return Array.from({ length: n - m + 1 }, (_, i) => f(i, i + m));
}

/** Drawdown episodes by brute force: for every peak index, scan forward. */
export function drawdownOracle(
  v: number[],
): Array<{ depth: number; start: number; trough: number; recovery: number; length: number }> {
  const out = [];
  let s = 0;
  while (s < v.length - 1) {
    // s is a running peak; find the first later value below it.
    let t = s + 1;
    while (t < v.length && v[t]! >= v[s]!) {
      s = t;
      t++;
    }
    if (t >= v.length) break;
    let end = t;
    while (end < v.length && v[end]! < v[s]!) end++;
    const segment = v.slice(t, end);
    const low = Math.min(...segment);
    const trough = t + segment.indexOf(low);
    const recovered = end < v.length;
    out.push({
      depth: (low - v[s]!) / v[s]!,
      start: s,
      trough,
      recovery: recovered ? end : -1,
      length: (recovered ? end : v.length - 1) - s,
    });
    if (!recovered) break;
    s = end;
  }
  return out.sort((a, b) => a.depth - b.depth || a.start - b.start);
}
