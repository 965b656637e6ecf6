import type { PreparedProblem } from "./prepareProblem.ts";
import type { BoundState } from "../../quadraticProgram/qpProblem.ts";

/**
 * The weights of every asset from the merged problem's (prepareProblem): each group's weight s is
 * shared as `lo_i + (s − Σlo)·(hi_i − lo_i)/Σ(hi − lo)` (evenly when the bounds are equal), so every
 * member stays within its bounds and sits at one exactly when the group does. Also the bound state
 * of each asset, for the certificate.
 */
export function expandWeights(
  prepared: PreparedProblem,
  w: Float64Array,
  state: BoundState,
  lo: Float64Array,
): { weights: Float64Array; state: BoundState } {
  const groups = prepared.groups!;
  const hi = prepared.full.hi;
  const weights = new Float64Array(prepared.n);
  const full: BoundState = new Int8Array(prepared.n);
  for (let g = 0; g < groups.length; g++) {
    const members = groups[g]!;
    if (members.length === 1) {
      weights[members[0]!] = w[g]!;
      full[members[0]!] = state[g]!;
      continue;
    }
    let low = 0;
    let room = 0;
    for (const i of members) {
      low += lo[i]!;
      room += hi[i]! - lo[i]!;
    }
    for (const i of members) {
      weights[i] = room > 0 ? lo[i]! + ((w[g]! - low) * (hi[i]! - lo[i]!)) / room : lo[i]!;
      full[i] = lo[i] === hi[i] ? -1 : state[g]!;
    }
  }
  return { weights, state: full };
}
