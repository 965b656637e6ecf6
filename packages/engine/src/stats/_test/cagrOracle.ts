import { all, create, type BigNumber } from "mathjs";

/** mathjs on 64-digit decimals: far beyond a double's 17, so its roundings do not show in the tests. */
const big = create(all!, { number: "BigNumber", precision: 64 });
const TWO = big.bignumber(2);

/** The exact value of a finite double as a 64-digit decimal (its mantissa times its power of two, not its shortest decimal text). */
export function exactDecimal(x: number): BigNumber {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const exponent = Number(bits >> 52n);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n);
  const value = big.bignumber(mantissa.toString()).mul(TWO.pow((exponent === 0 ? 1 : exponent) - 1075));
  return x < 0 ? value.neg() : value;
}

/** `(end / start)^(1 / years) − 1` in 64-digit decimals from the exact inputs, rounded once to a double. */
export function cagrOracle(start: number, end: number, years: number): number {
  return exactDecimal(end).div(exactDecimal(start)).ln().div(exactDecimal(years)).exp().minus(1).toNumber();
}
