import { z } from "@hono/zod-openapi";
import { CompanyIdSchema } from "./common.ts";
import { LIMITS } from "./limits.ts";
import { CompanySchema } from "./company.ts";

/** OpenAPI metadata of a numeric query parameter (bounds repeated: the `type` override drops zod's). */
const q = (
  name: string,
  description: string,
  example: number,
  bounds: { minimum?: number; maximum?: number; exclusiveMinimum?: number; integer?: boolean } = {},
) => {
  const { integer = false, ...limits } = bounds;
  return {
    param: { name, in: "query" as const },
    type: integer ? ("integer" as const) : ("number" as const),
    description,
    example,
    ...limits,
  };
};
const riskFreeRate = z.coerce
  .number()
  .gt(-1, "must be > -1 (an annual rate)")
  .optional()
  .openapi(
    q("riskFreeRate", "Annual risk-free rate for the Sharpe ratio; > -1; default 0", 0.02, { exclusiveMinimum: -1 }),
  );

/**
 * Query of `POST /strategies/{id}/optimize` (score tilt; real-service notes "Optimize", in its
 * order): every parameter optional; bounds as listed, each violation a 400 naming the parameter.
 */
export const OptimizeQuery = z.object({
  minMarketCap: z.coerce
    .number()
    .min(0)
    .optional()
    .openapi(q("minMarketCap", "Minimum market cap (USD) for inclusion; >= 0; default 0", 1e9, { minimum: 0 })),
  signalType: z
    .enum(["convictionScore", "linguisticBeta", "marketBuzz"])
    .default("convictionScore")
    .openapi({
      param: { name: "signalType", in: "query" },
      description: "Signal the weights tilt toward; default convictionScore",
    }),
  tiltExponent: z.coerce
    .number()
    .min(0)
    .max(10)
    .optional()
    .openapi(
      q(
        "tiltExponent",
        "0..10: 0 equal weight, 1 proportional to the score (default), higher concentrates on the top scores",
        1,
        { minimum: 0, maximum: 10 },
      ),
    ),
  maxWeight: z.coerce
    .number()
    .gt(0)
    .max(1)
    .optional()
    .openapi(
      q("maxWeight", "Maximum weight per holding; 0 < x <= 1; default 1", 0.1, { exclusiveMinimum: 0, maximum: 1 }),
    ),
  minWeight: z.coerce
    .number()
    .min(0)
    .max(1)
    .optional()
    .openapi(q("minWeight", "Minimum weight per holding; 0..1; default 0", 0, { minimum: 0, maximum: 1 })),
  riskDiversification: z.coerce
    .number()
    .min(0)
    .max(1)
    .optional()
    .openapi(
      q(
        "riskDiversification",
        "0..1: 0 pure score tilt (default), 1 the strongest correlation overlay (uses price history)",
        0,
        { minimum: 0, maximum: 1 },
      ),
    ),
  riskFreeRate,
  topN: z.coerce
    .number()
    .int()
    .min(2)
    .optional()
    .openapi(
      q("topN", "Keep the top N companies by the signal; integer >= 2; default all qualifying", 20, {
        minimum: 2,
        integer: true,
      }),
    ),
});
export type OptimizeQueryIn = z.infer<typeof OptimizeQuery>;

/**
 * Query of `POST /strategies/{id}/optimized-portfolio` (mean-CVaR): the contract's eight
 * parameters (docs/parity.md#user-strategy-endpoints) in its order, under mock names; bounds
 * exactly those of docs/parity.md#user-strategy-endpoints and #limits.
 */
export const OptimizedPortfolioQuery = z.object({
  minMarketCap: z.coerce
    .number()
    .gt(0)
    .optional()
    .openapi(
      q("minMarketCap", "1. Minimum market cap (USD) for inclusion; > 0; default 500000000", 5e8, {
        exclusiveMinimum: 0,
      }),
    ),
  returnMultiplier: z.coerce
    .number()
    .gt(0)
    .optional()
    .openapi(
      q(
        "returnMultiplier",
        "2. Weight of the expected-return term, normalised (1: as important as tail risk); > 0; default 1",
        1,
        { exclusiveMinimum: 0 },
      ),
    ),
  linguisticBetaWeight: z.coerce
    .number()
    .min(0)
    .max(1)
    .optional()
    .openapi(
      q(
        "linguisticBetaWeight",
        "3. Weight of the linguistic-beta reward, normalised (0: ignore; 1: as important as tail risk); 0..1; default 0.5",
        0.5,
        { minimum: 0, maximum: 1 },
      ),
    ),
  riskFreeRate,
  minHoldings: z.coerce
    .number()
    .int()
    .min(2)
    .optional()
    .openapi(
      q("minHoldings", "5. Minimum number of holdings with weight >= minActiveWeight; integer >= 2; default 2", 5, {
        minimum: 2,
        integer: true,
      }),
    ),
  minActiveWeight: z.coerce
    .number()
    .gt(0.0001)
    .max(1)
    .optional()
    .openapi(
      q(
        "minActiveWeight",
        "6. Weight a holding needs to count toward minHoldings; > 0.0001 (and <= 1); default 0.01",
        0.01,
        { exclusiveMinimum: 0.0001, maximum: 1 },
      ),
    ),
  maxWeight: z.coerce
    .number()
    .gt(0)
    .max(1)
    .optional()
    .openapi(
      q("maxWeight", "7. Maximum weight of any holding; 0 < x <= 1; default 0.2", 0.2, {
        exclusiveMinimum: 0,
        maximum: 1,
      }),
    ),
  buzzPenalty: z.coerce
    .number()
    .min(0)
    .max(1)
    .optional()
    .openapi(
      q(
        "buzzPenalty",
        "8. Penalty on divergence from market-buzz weights, normalised (0: ignore; 1: as important as tail risk); 0..1; default 0.25",
        0.25,
        { minimum: 0, maximum: 1 },
      ),
    ),
});
export type OptimizedPortfolioQueryIn = z.infer<typeof OptimizedPortfolioQuery>;

const CompanyIdList = z.array(CompanyIdSchema).max(LIMITS.COMPANY_IDS_MAX_COUNT);

/** The object form of the optimizers' body: `{companyIds: […]}`. */
export const OptimizerBodyObject = z
  .object({
    companyIds: CompanyIdList.nullable()
      .optional()
      .openapi({ description: "Companies of the strategy to consider before the other filters" }),
  })
  .openapi("OptimizerRequest");

/**
 * Optional body of both optimizers: company ids (uuids of the strategy's companies) to consider;
 * omitted, null or empty: all. Sent either as `{companyIds: […]}` or as a plain JSON array of ids
 * (the real reference describes the body as the company ids themselves; docs/parity.md, v1 row 14).
 * Both read as `{companyIds}`.
 */
export const OptimizerBody = z
  .union([
    OptimizerBodyObject,
    CompanyIdList.openapi("OptimizerCompanyIdList", { description: "The company ids alone, as a plain JSON array" }),
  ])
  .transform((b): z.infer<typeof OptimizerBodyObject> => (Array.isArray(b) ? { companyIds: b } : b));
export type OptimizerBodyIn = z.output<typeof OptimizerBody>;

/** Optimizer result (docs/parity.md#optimizer-result), plus the mock extensions `warnings` and `solver`. */
export const OptimizerResultSchema = z
  .object({
    metadata: z.object({
      numberStocks: z.number().int(),
      weightedLinguisticBeta: z.number(),
      marketBuzzCoverage: z.number(),
      annualizedReturn: z.number(),
      volatility: z.number(),
      cvar: z.number(),
      sharpeRatio: z.number(),
      expectedDailyReturn: z.number(),
      maxDrawdown: z.number(),
      objectiveTerms: z
        .array(
          z.object({
            term: z.enum(["expectedReturn", "linguisticBeta", "tailRisk", "buzzDistance"]),
            option: z
              .enum(["returnMultiplier", "linguisticBetaWeight", "buzzPenalty"])
              .nullable()
              .openapi({ description: "The query parameter weighting the term; null for tail risk (weight 1)" }),
            weight: z.number(),
            value: z.number().openapi({
              description:
                "At the weights: mean daily return, weighted linguistic beta, daily CVaR (a loss), or L1 distance from the buzz weights (0..2)",
            }),
            best: z
              .number()
              .openapi({ description: "The term's best value over the feasible weights, from the term alone" }),
            worst: z
              .number()
              .openapi({ description: "Its worst value among the single-term optima (the payoff table)" }),
            scale: z.number().openapi({
              description: "|worst - best|, the term's unit in the normalised objective; 0 when the term is constant",
            }),
            normalized: z.number().openapi({
              description: "Distance from best / scale: 0 at the term's best, 1 at its worst single-term optimum",
            }),
            contribution: z.number().openapi({ description: "weight × normalized" }),
            share: z.number().openapi({ description: "contribution / sum of contributions" }),
          }),
        )
        .optional()
        .openapi({
          description:
            "Mock extension (optimized-portfolio only): each objective term's value and share of the normalised objective (docs/maths.md#scale-aware-objective)",
        }),
    }),
    portfolio: z
      .array(CompanySchema.extend({ weight: z.number() }))
      .openapi({ description: "Companies with a positive weight, weights summing to 1, heaviest first" }),
    warnings: z
      .array(z.string())
      .openapi({ description: "Mock extension: excluded companies with the reason, degenerate cases" }),
    solver: z
      .object({
        status: z.enum(["optimal", "time-limit"]).openapi({
          description:
            '"optimal": certified (gap <= 1e-9); "time-limit": stopped at --optimizer-seconds, feasible, within `gap` of the optimum',
        }),
        method: z.string(),
        objective: z.number(),
        gap: z.number(),
        iterations: z.number().int(),
      })
      .optional()
      .openapi({ description: "Mock extension: what the numerical solver certified (absent when no solver ran)" }),
  })
  .openapi("OptimizerResult");
export type OptimizerResultOut = z.infer<typeof OptimizerResultSchema>;
