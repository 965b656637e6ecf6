/** Sums of the simple returns by calendar month (UTC) of their period's end, `r[i]` ending at `t[i + 1]` (quantstats' `resample("ME").sum()`). */
export function monthlySums(t: Float64Array, r: Float64Array): Float64Array {
  const out: number[] = [];
  let key = NaN;
  for (let i = 0; i < r.length; i++) {
    const d = new Date(t[i + 1]! * 1000);
    const k = d.getUTCFullYear() * 12 + d.getUTCMonth();
    if (k !== key) {
      out.push(0);
      key = k;
    }
    out[out.length - 1]! += r[i]!;
  }
  return Float64Array.from(out);
}
