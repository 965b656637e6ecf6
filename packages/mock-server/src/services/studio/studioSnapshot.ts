import type { ServiceContext } from "../../context/ServiceContext.ts";
import type { StudioSnapshot } from "../../schemas/studio.ts";
import { isBuildRunning, strategyStatus } from "../builds.ts";
import { mockStatus } from "../control.ts";
import { readPortfolios } from "../portfolios/portfolioStore.ts";

/**
 * Everything the studio page shows, read in one go: the control status, every user with their
 * key, every strategy (any owner, archived too) with its build status at the mock's clock, the
 * saved portfolios, the premade strategies and the benchmark symbols. Reads only.
 * Cost: O(strategies·versions + portfolios + premade).
 *
 * @example
 * studioSnapshot(ctx).users[0].apiKey // => "thm_ines_63e54a1cde00f20d"
 */
export function studioSnapshot(ctx: ServiceContext): StudioSnapshot {
  const now = ctx.clock.now();
  const { state } = ctx.store;
  return {
    status: mockStatus(ctx),
    users: state.users.map((u) => ({ id: u.id, name: u.name, apiKey: u.apiKey, active: u.active })),
    strategies: state.strategies.map((s) => ({
      id: s.id,
      name: s.name,
      userId: s.userId,
      status: strategyStatus(s, now),
      building: isBuildRunning(s, now),
      archived: s.archivedAt !== null,
      public: s.public,
      versions: s.versions.length,
      nextOutcome: s.nextOutcome,
    })),
    portfolios: readPortfolios(ctx).map((p) => ({
      id: p.id,
      name: p.name,
      userId: p.userId,
      holdings: p.holdings.length,
    })),
    premade: ctx.universe.premadeStrategies.map((p) => ({ id: p.id, name: p.name })),
    benchmarks: ctx.universe.benchmarks.map((b) => b.symbol),
  };
}
