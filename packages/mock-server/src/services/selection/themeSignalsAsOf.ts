import type { PremadeStrategy } from "../../_internal/fixtures.ts";

/** The signals a theme's premade strategy recorded in one completed run. */
export interface ThemeRunSignals {
  /** The premade strategy's name. */
  name: string;
  /** The run's date, YYYY-MM-DD. */
  date: string;
  /** Signals of each company the run held, by company id. */
  held: ReadonlyMap<string, { linguisticBeta: number; marketBuzz: number }>;
  /** The lowest linguistic beta among the holdings (the run's cut). */
  weakest: number;
}

/**
 * For each theme with a premade strategy, the signals of that strategy's latest completed run on
 * or before `date` (themes without such a run are absent). O(strategies × runs).
 *
 * @example
 * themeSignalsAsOf(universe.premadeStrategies, "2025-06-30").get("quantum-computing")?.date // => "2025-06-30"
 */
export function themeSignalsAsOf(premades: readonly PremadeStrategy[], date: string): Map<string, ThemeRunSignals> {
  const out = new Map<string, ThemeRunSignals>();
  for (const p of premades) {
    let run: PremadeStrategy["snapshots"][number] | undefined;
    for (const s of p.snapshots) {
      if (
        s.state === "completed" &&
        s.date <= date &&
        s.constituents.length > 0 &&
        (run === undefined || s.date > run.date)
      )
        run = s;
    }
    if (run === undefined) continue;
    const held = new Map(
      run.constituents.map((c) => [c.companyId, { linguisticBeta: c.linguisticBeta, marketBuzz: c.marketBuzz }]),
    );
    const weakest = run.constituents.reduce((m, c) => Math.min(m, c.linguisticBeta), Infinity);
    out.set(p.theme, { name: p.name, date: run.date, held, weakest });
  }
  return out;
}
