/** `D_t = V_t / max_{s<=t} V_s - 1` for t = 1..n (the n periods after the first value), as ulcerIndex computes them. */
export function drawdownSeries(v: Float64Array): Float64Array {
  const d = new Float64Array(v.length - 1);
  let peak = v[0]!;
  for (let t = 1; t < v.length; t++) {
    const x = v[t]!;
    if (x > peak) peak = x;
    d[t - 1] = (x - peak) / peak + 0;
  }
  return d;
}
