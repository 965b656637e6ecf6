import type { SolverJob } from "../../../context/SolverRunner.ts";

/** What a solve of each kind is assumed to take before one has been timed, ms (the fixtures' mean-CVaR solves take 0.2 to 1.8 s, score tilts milliseconds). */
export const DEFAULT_SOLVE_ESTIMATE_MS: Readonly<Record<SolverJob["kind"], number>> = Object.freeze({
  "mean-cvar": 1000,
  "score-tilt": 100,
});

/** Weight of the newest measurement in the moving averages. */
export const ESTIMATE_WEIGHT = 0.3;

/** Running estimates of how long solves and worker starts take, for the pool's admission (docs/decisions.md "Optimizer admission"). */
export interface SolveForecast {
  /** Expected duration of a solve of `kind`, ms. */
  solveMs(kind: SolverJob["kind"]): number;
  /** Expected time for a worker thread to load, ms; undefined until one has been timed. */
  bootMs(): number | undefined;
  /** A solve of `kind` took `ms` from post to answer. */
  recordSolve(kind: SolverJob["kind"], ms: number): void;
  /** A worker took `ms` from spawn to `ready`. */
  recordBoot(ms: number): void;
}

/**
 * Exponentially weighted moving averages (weight {@link ESTIMATE_WEIGHT} on the newest value) of
 * solve times per kind, starting from `initial`, and of worker start times, starting from the
 * first one measured. Non-finite or negative measurements are ignored.
 *
 * @example
 * const f = createSolveForecast(); f.recordSolve("mean-cvar", 2000); f.solveMs("mean-cvar") // => 1300
 */
export function createSolveForecast(
  initial: Readonly<Record<SolverJob["kind"], number>> = DEFAULT_SOLVE_ESTIMATE_MS,
): SolveForecast {
  const solve = { ...initial };
  let boot: number | undefined;
  const blend = (old: number, value: number) => old + ESTIMATE_WEIGHT * (value - old);
  return {
    solveMs: (kind) => solve[kind],
    bootMs: () => boot,
    recordSolve(kind, ms) {
      if (Number.isFinite(ms) && ms >= 0) solve[kind] = blend(solve[kind], ms);
    },
    recordBoot(ms) {
      if (Number.isFinite(ms) && ms >= 0) boot = boot === undefined ? ms : blend(boot, ms);
    },
  };
}

/**
 * When each job of `durations` would start, ms from now, if they ran in order on slots that
 * become free after `freeIn` ms each, the earliest free slot taking the next job (the pool's
 * FIFO queue).
 *
 * Cost: O(jobs × slots).
 * @example
 * predictStarts([500], [1000, 1000]) // => [500, 1500]
 * predictStarts([0, 200], [1000, 1000, 1000]) // => [0, 200, 1000]
 */
export function predictStarts(freeIn: readonly number[], durations: readonly number[]): number[] {
  const free = [...freeIn];
  return durations.map((duration) => {
    let k = 0;
    for (let i = 1; i < free.length; i++) if (free[i]! < free[k]!) k = i;
    const start = free[k]!;
    free[k] = start + duration;
    return start;
  });
}
