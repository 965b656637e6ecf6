/**
 * Tick values and label formats chosen from the data, so that every label of an axis is distinct
 * and the labels cover the data: Vega's defaults print "2% 2%" when a histogram's bins are half a
 * percent wide with a whole-percent format, and label a log axis over 51..163 only from 60 to 100.
 */

/**
 * The "nice" step (1, 2 or 5 times a power of ten) that cuts [low, high] into about `count`
 * intervals, as d3's `tickStep`.
 *
 * @example
 * niceStep(51, 163, 6) // => 20
 */
export function niceStep(low: number, high: number, count: number): number {
  const raw = Math.abs(high - low) / Math.max(1, count);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  return power * (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.SQRT2 ? 2 : 1);
}

/**
 * Decimals that write every multiple of `step` exactly (0 for 20, 1 for 0.5, 2 for 0.25), at most 12.
 *
 * @example
 * decimalsOf(0.005) // => 3
 */
export function decimalsOf(step: number): number {
  for (let d = 0; d <= 12; d++) {
    const scaled = step * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) <= 1e-9 * Math.max(1, scaled)) return d;
  }
  return 12;
}

/**
 * The multiples of a nice step inside [low, high] (about `count` of them) and the step itself.
 *
 * @example
 * linearTicks(51, 163, 6).values // => [60, 80, 100, 120, 140, 160]
 */
export function linearTicks(low: number, high: number, count: number): { values: number[]; step: number } {
  const step = niceStep(low, high, count);
  const values: number[] = [];
  const decimals = decimalsOf(step);
  for (let k = Math.ceil(low / step - 1e-9); k * step <= high * (1 + 1e-12) + 1e-300; k++)
    values.push(Number((k * step).toFixed(decimals)));
  return { values, step };
}

/**
 * Ticks of a log axis over [low, high] (0 < low < high) with a d3 format that writes each one
 * distinctly. Within one decade (high / low < 10) they are the linear ticks of the span (51..163 gives
 * 60, 80, …, 160: every part of the data labelled); over more, 1, 2 and 5 times each power of ten,
 * thinned to 1 and 3, then to the powers alone, when there are many decades.
 *
 * @example
 * logTicks(48, 171) // => { values: [60, 80, 100, 120, 140, 160], format: ",.0f" }
 */
export function logTicks(low: number, high: number): { values: number[]; format: string } {
  if (high / low < 10) {
    const { values, step } = linearTicks(low, high, 6);
    return { values, format: `,.${decimalsOf(step)}f` };
  }
  const decades = Math.log10(high / low);
  const mantissas = decades <= 2.5 ? [1, 2, 5] : decades <= 6 ? [1, 3] : [1];
  const values: number[] = [];
  for (let e = Math.floor(Math.log10(low)); 10 ** e <= high; e++) {
    for (const m of mantissas) {
      const v = Number((m * 10 ** e).toPrecision(12));
      if (v >= low && v <= high) values.push(v);
    }
  }
  const decimals = Math.max(0, ...values.map((v) => decimalsOf(v)));
  return { values, format: `,.${decimals}f` };
}
