import { z } from "@hono/zod-openapi";
import { CompanyIdSchema } from "./common.ts";
import { LIMITS } from "./limits.ts";

/** Body of `POST /v1/backtest` (docs/parity.md#backtest-endpoint, #limits). */
export const BacktestBody = z
  .object({
    holdings: z
      .array(
        z.object({
          companyId: CompanyIdSchema.openapi({
            description: "A company id (from a company list or the company search)",
          }),
          weight: z
            .number()
            .min(0)
            .openapi({ description: "Relative weight, >= 0, any scale (normalised); at least one > 0" }),
        }),
      )
      .min(1)
      .max(LIMITS.BACKTEST_HOLDINGS_MAX_COUNT),
    years: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(5)
      .openapi({ description: "Window length in years, 1..20 (default 5)" }),
    benchmark: z.string().max(LIMITS.SYMBOL_MAX).default("SPY").openapi({
      description:
        "Any listed symbol (default SPY): a benchmark ETF or index of GET /v1/benchmarks (SPY, QQQ, VOO, DIA, ^GSPC, ...; those beyond the fixtures served with a fixture series) or the ticker of an active company listing (e.g. NVDA); case-insensitive",
      example: "SPY",
    }),
  })
  .openapi("BacktestRequest");
export type BacktestInputBody = z.infer<typeof BacktestBody>;

const statistics = {
  returns: z.number().openapi({ description: "Total return over the window" }),
  annualizedReturn: z.number().openapi({ description: "CAGR" }),
  variance: z.number().openapi({
    description:
      "Annualised volatility σ of the weekly returns (the service names it variance; see docs/maths.md#backtest-statistics)",
  }),
  sharpeRatio: z.number(),
  maxDrawdown: z.number().openapi({ description: "Maximum drawdown, <= 0" }),
};

/** `[unixSeconds, nav]` weekly points (the last trading day of each ISO week), NAV from 10000. */
const Series = z
  .array(z.tuple([z.number(), z.number()]))
  .openapi({ description: "[unixSeconds, nav] weekly points, NAV rebased to 10000" });

/** Backtest result (docs/parity.md#backtest-result; real-service notes "Backtest"). */
export const BacktestResultSchema = z
  .object({
    metadata: z.object({
      ...statistics,
      stockCount: z.number().int(),
      weekCount: z.number().int(),
      warnings: z
        .array(z.string())
        .openapi({ description: "Dropped, merged, late-listed or delisted holdings, short history" }),
    }),
    timeSeries: Series,
    benchmarkMetadata: z.object({ ...statistics, symbol: z.string() }),
    benchmarkTimeSeries: Series,
  })
  .openapi("BacktestResult");
export type BacktestResultOut = z.infer<typeof BacktestResultSchema>;
