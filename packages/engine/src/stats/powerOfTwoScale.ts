/**
 * A power of two `s` with `max|x| / s` in [1, 2) (or 1 when every value is 0). Dividing by `s` is
 * exact (bar subnormal results), so statistics computed on `x / s` and scaled back by `s` keep
 * full precision and cannot overflow in intermediate sums or squares.
 */
export function powerOfTwoScale(values: Float64Array, from = 0, to = values.length): number {
  let max = 0;
  for (let i = from; i < to; i++) {
    const a = Math.abs(values[i]!);
    if (a > max) max = a;
  }
  return powerOfTwoAtMost(max);
}

/** The largest power of two `<= max` (1 when `max` is 0); `max` finite and >= 0. */
export function powerOfTwoAtMost(max: number): number {
  if (max === 0) return 1;
  let e = Math.floor(Math.log2(max));
  // Math.log2 may be off by one ulp near powers of two; fix the exponent so that max / s is in [1, 2).
  if (2 ** e > max) e -= 1;
  else if (e < 1023 && 2 ** (e + 1) <= max) e += 1;
  return 2 ** Math.max(e, -1074);
}
