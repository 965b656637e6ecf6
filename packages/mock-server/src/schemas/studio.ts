import { z } from "@hono/zod-openapi";
import { BacktestBody } from "./backtest.ts";
import type { MockStatus } from "./control.ts";
import { UuidSchema } from "./common.ts";
import { LIMITS } from "./limits.ts";

/** The charts the studio's backtest explorer draws (names of @thematic/charts functions, kebab-cased). */
export const STUDIO_CHARTS = [
  "nav",
  "drawdown",
  "rolling-volatility",
  "rolling-sharpe",
  "tear-sheet",
  "full-report",
] as const;

/** Body of `POST /__mock/studio/backtest-chart`: which holdings, against which benchmark, how long, which chart. */
export const StudioChartBody = z
  .strictObject({
    source: z
      .strictObject({
        kind: z.enum(["portfolio", "premade", "strategy"]).openapi({
          description:
            "A saved portfolio (its weights), a premade strategy or a completed user strategy (equal weights)",
        }),
        id: UuidSchema,
      })
      .openapi({ description: "What to backtest" }),
    benchmark: z.string().max(LIMITS.SYMBOL_MAX).default("SPY").openapi({
      description:
        "Benchmark: any listed symbol, as for POST /v1/backtest (a benchmark ETF of GET /v1/benchmarks or an active company ticker)",
      example: "SPY",
    }),
    // The same rule as POST /v1/backtest's `years` (one schema, so the page and the API agree).
    years: BacktestBody.shape.years,
    chart: z.enum(STUDIO_CHARTS).default("nav"),
  })
  .openapi("StudioChartRequest");
export type StudioChartInput = z.infer<typeof StudioChartBody>;

/** Query of `GET /__mock/requests`. */
export const RequestLogQuery = z.object({
  after: z.coerce.number().int().min(0).default(0).openapi({ description: "Only requests with seq > after" }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.REQUEST_LOG_MAX_COUNT)
    .default(100)
    .openapi({ description: "At most this many, the newest" }),
});

const LoggedRequestSchema = z.object({
  seq: z.number().int(),
  at: z.string().openapi({ description: "The mock's clock when the response was ready" }),
  method: z.string(),
  path: z.string().openapi({ description: "Path and query" }),
  status: z.number().int(),
  durationMs: z.number().int(),
  userId: z.string().nullable(),
  replayed: z
    .literal(true)
    .optional()
    .openapi({ description: "Present when the answer came from a --replay recording" }),
});

/** Response of `GET /__mock/requests`. */
export const RequestLogSchema = z
  .object({ requests: z.array(LoggedRequestSchema), latestSeq: z.number().int(), capacity: z.number().int() })
  .openapi("MockRequestLog");

/** Response of `GET /__mock/studio/snapshot`: everything the studio page shows, in one read. */
export const StudioSnapshotSchema = z
  .object({
    // GET /__mock/state's answer, as `mockStatus` builds it (its schema is the control route's).
    status: z.custom<MockStatus>(),
    users: z.array(z.object({ id: z.string(), name: z.string(), apiKey: z.string(), active: z.boolean() })),
    strategies: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        userId: z.string(),
        status: z
          .number()
          .int()
          .openapi({ description: "0 never built, 1..95 building, 100 done, -1 error, -2 failed permanently" }),
        building: z.boolean(),
        archived: z.boolean(),
        public: z.boolean(),
        versions: z.number().int(),
        nextOutcome: z.union([z.literal(100), z.literal(-1), z.literal(-2)]).nullable(),
      }),
    ),
    portfolios: z.array(z.object({ id: z.string(), name: z.string(), userId: z.string(), holdings: z.number().int() })),
    premade: z.array(z.object({ id: z.string(), name: z.string() })),
    benchmarks: z.array(z.string()),
  })
  .openapi("StudioSnapshot");
export type StudioSnapshot = z.infer<typeof StudioSnapshotSchema>;
