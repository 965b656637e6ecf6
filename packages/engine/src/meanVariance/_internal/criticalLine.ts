import { EngineError } from "../../errors/EngineError.ts";
import type { BoundState, QpProblem } from "../../quadraticProgram/qpProblem.ts";
import { solveFace, type Face } from "../../quadraticProgram/solveFace.ts";
import { ROUNDING } from "../../_internal/tolerance.ts";

/** One piece of the optimal path: on [from, to] the optimum of P(t) is `p + t·q` (`face`). */
export interface Segment {
  from: number;
  /** Infinity for the last piece. */
  to: number;
  face: Face;
  state: BoundState;
}

/**
 * The critical line (Markowitz 1956, "The optimization of a quadratic function subject to linear
 * constraints", Naval Research Logistics Quarterly 3): the optimum w(t) of P(t) is piecewise affine
 * in t, one piece per face. From the optimal face at t = `from` (found by {@link activeSetAt}),
 * each piece runs until the first event: a free weight reaches a bound (it is fixed there) or the
 * multiplier of a fixed weight reaches 0 (it is freed). At a vertex (no free weight) the budget
 * multiplier ν may be anything between the multipliers at hi and those at lo; the piece ends when
 * that interval empties, and the two weights that close it are freed together. The last piece has
 * no event (`to` = Infinity): w is then a maximiser of μᵀw with the least variance.
 *
 * Yields pieces in increasing t; a piece of zero length is possible when events coincide. The
 * weight changed by the last event is not allowed an event at the same t (rounding would
 * otherwise undo it).
 * @throws EngineError SOLVER_FAILURE after 20·n + 100 pieces.
 */
export function* criticalLine(P: QpProblem, start: BoundState, from: number): Generator<Segment, void, void> {
  const { n, lo, hi } = P;
  const state = Int8Array.from(start);
  let t = from;
  let changed = -1;
  const limit = 20 * n + 100;
  for (let piece = 0; piece < limit; piece++) {
    const face = solveFace(P, state);
    const tiny = ROUNDING * Math.max(t, 1e-300);
    let next = Infinity;
    let event = -1;
    let partner = -1;
    if (face.free === 0) {
      // ν interval [max over hi of g_i, min over lo of g_j] with g = G0 + t·G1: empties when a pair crosses.
      for (let i = 0; i < n; i++) {
        if (state[i] !== 1 || lo[i] === hi[i]) continue;
        for (let j = 0; j < n; j++) {
          if (state[j] !== -1 || lo[j] === hi[j]) continue;
          const slope = face.G1[i]! - face.G1[j]!;
          if (slope <= 0) continue;
          const te = Math.max(t, -(face.G0[i]! - face.G0[j]!) / slope);
          if (te < next) [next, event, partner] = [te, i, j];
        }
      }
    } else {
      for (let i = 0; i < n; i++) {
        let te = Infinity;
        if (lo[i] === hi[i]) continue; // pinned: never freed
        if (state[i] === 0) {
          const q = face.q[i]!;
          if (q < 0) te = (lo[i]! - face.p[i]!) / q;
          else if (q > 0) te = (hi[i]! - face.p[i]!) / q;
        } else {
          const G1 = face.G1[i]!;
          if ((state[i] === -1 && G1 < 0) || (state[i] === 1 && G1 > 0)) te = -face.G0[i]! / G1;
        }
        if (te === Infinity) continue;
        if (i === changed && te <= t + tiny) continue;
        te = Math.max(t, te);
        if (te < next) [next, event] = [te, i];
      }
    }
    yield { from: t, to: next, face, state: Int8Array.from(state) };
    if (event < 0) return;
    if (partner >= 0) {
      state[event] = 0;
      state[partner] = 0;
      changed = -1;
    } else if (state[event] === 0) {
      state[event] = face.q[event]! < 0 ? -1 : 1;
      changed = event;
    } else {
      state[event] = 0;
      changed = event;
    }
    t = next;
  }
  throw new EngineError("SOLVER_FAILURE", `the critical line did not end within ${limit} pieces`);
}
