import { assertRepresentable } from "../../stats/assertRepresentable.ts";
import { pairedReturns } from "./pairedReturns.ts";

/** Active returns `r_t - b_t` of checked paired returns (a new array). */
export function activeReturns(returns: unknown, benchmarkReturns: unknown): Float64Array {
  const { r, b } = pairedReturns(returns, benchmarkReturns);
  const a = new Float64Array(r.length);
  for (let t = 0; t < r.length; t++) {
    const d = r[t]! - b[t]!;
    a[t] = Number.isFinite(d) ? d : assertRepresentable(d, `returns[${t}]`, `returns[${t}] - benchmarkReturns[${t}]`);
  }
  return a;
}
