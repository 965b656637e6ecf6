import type { ReadContext } from "../../context/contextParts.ts";
import { ApiError, notFound } from "../../errors/ApiError.ts";
import type { StudioChartInput } from "../../schemas/studio.ts";
import { activeVersion, strategyStatus } from "../builds.ts";
import { readPortfolios } from "../portfolios/portfolioStore.ts";
import { findPremade } from "../premade/findPremade.ts";
import { premadeCompanies } from "../premade/premadeCompanies.ts";
import { versionConstituents } from "../strategies/versionConstituents.ts";

/** Holdings ready for `runBacktest`, and a name for the chart's legend. */
export interface StudioHoldings {
  label: string;
  holdings: Array<{ companyId: string; weight: number }>;
}

/**
 * The holdings the studio's explorer backtests (any owner: the studio has no caller): a saved
 * portfolio's securities mapped to their companies with the weights as saved; a premade
 * strategy's current companies, or a completed user strategy's, equally weighted.
 *
 * @throws ApiError 404 when the source does not exist; 400 when it has nothing to backtest
 *   (an empty portfolio, a strategy whose build is not complete)
 */
export function studioHoldings(ctx: ReadContext, source: StudioChartInput["source"]): StudioHoldings {
  const field = "body.source";
  if (source.kind === "portfolio") {
    const portfolio = readPortfolios(ctx).find((p) => p.id === source.id);
    if (portfolio === undefined) throw notFound("portfolio", source.id);
    const holdings = portfolio.holdings.map((h) => ({
      companyId: ctx.universe.securityById.get(h.securityId)?.companyId ?? h.securityId,
      weight: h.weight,
    }));
    if (holdings.length === 0) throw new ApiError(400, `${field}: portfolio "${portfolio.name}" has no holdings`);
    return { label: portfolio.name, holdings };
  }
  if (source.kind === "premade") {
    const premade = findPremade(ctx, source.id);
    return {
      label: `${premade.name} (equal weights)`,
      holdings: premadeCompanies(ctx, source.id).map((c) => ({ companyId: c.id, weight: 1 })),
    };
  }
  const strategy = ctx.store.state.strategies.find((s) => s.id === source.id);
  if (strategy === undefined) throw notFound("strategy", source.id);
  const version = activeVersion(strategy);
  if (version === undefined || strategyStatus(strategy, ctx.clock.now()) !== 100)
    throw new ApiError(400, `${field}: strategy "${strategy.name}" has no completed build to backtest`);
  const companies = versionConstituents(ctx, version);
  if (companies.length === 0) throw new ApiError(400, `${field}: strategy "${strategy.name}" selected no company`);
  return {
    label: `${strategy.name} (equal weights)`,
    holdings: companies.map((c) => ({ companyId: c.companyId, weight: 1 })),
  };
}
