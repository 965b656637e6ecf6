import { registerControlRoutes } from "../routes/control.ts";
import { docsRoutes } from "../routes/docs.ts";
import { registerHealthRoutes } from "../routes/health.ts";
import { registerMcpRoutes } from "../mcp/registerMcpRoutes.ts";
import { registerOAuthRoutes } from "../oauth/registerOAuthRoutes.ts";
import { registerOptimizeRoutes } from "../routes/optimize.ts";
import { registerPortfolioRoutes } from "../routes/portfolios.ts";
import { registerStrategyRoutes } from "../routes/strategies.ts";
import { registerStrategyV2Routes } from "../routes/strategiesV2.ts";
import { registerStrategyRunV2Routes } from "../routes/strategyRunsV2.ts";
import { registerFactsheetRoutes } from "../routes/factsheets.ts";
import { registerBacktestRoutes } from "../routes/backtest.ts";
import { registerBenchmarkRoutes } from "../routes/benchmarks.ts";
import { registerCompanySearchRoutes } from "../routes/companySearch.ts";
import { registerObjectiveHelperRoutes } from "../routes/objectiveHelpers.ts";
import { registerExposureRoutes } from "../routes/exposures.ts";
import { registerPremadeRoutes } from "../routes/premade.ts";
import { registerStudioRoutes } from "../routes/studio.ts";
import { driftRoutes } from "../routes/drift.ts";
import type { DriftLog } from "../proxy/DriftLog.ts";
import type { RouteModule } from "../context/RouteModule.ts";

/**
 * Every route module, in registration order. Add a module here (one line) to mount it; a
 * module registers its routes with `app.openapi(createRoute(...), handler)` (see ARCHITECTURE.md).
 */
export function routeModules(drift?: DriftLog): RouteModule[] {
  return [
    registerHealthRoutes,
    registerExposureRoutes,
    registerStrategyRoutes,
    registerStrategyV2Routes,
    registerStrategyRunV2Routes,
    registerFactsheetRoutes,
    registerPortfolioRoutes,
    registerOptimizeRoutes,
    registerPremadeRoutes,
    registerCompanySearchRoutes,
    registerObjectiveHelperRoutes,
    registerBacktestRoutes,
    registerBenchmarkRoutes,
    registerControlRoutes,
    driftRoutes(drift),
    registerStudioRoutes,
    registerMcpRoutes,
    registerOAuthRoutes,
    docsRoutes(),
  ];
}
