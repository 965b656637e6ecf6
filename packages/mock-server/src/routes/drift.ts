import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../app/RouteModule.ts";
import { jsonResponse } from "../schemas/common.ts";
import { CONTROL_REFUSALS } from "../schemas/controlRefusals.ts";
import { type DriftLog, NO_DRIFT_REPORT } from "../proxy/DriftLog.ts";

const FieldDriftSchema = z.object({
  path: z.string().openapi({ description: "JSON path of the field; array items are written []", example: "$.performance.sharpe" }),
  kind: z.enum(["missing", "extra", "type", "value", "status", "undocumented"]),
  expected: z.string(),
  got: z.string(),
  count: z.number().int(),
  status: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
});

const DriftReportSchema = z
  .object({
    mode: z.enum(["proxy", "off"]).openapi({ description: "proxy: the server forwards the API to `upstream` (--proxy); off: nothing to report" }),
    upstream: z.string().nullable(),
    requests: z.number().int(),
    drifted: z.number().int(),
    endpoints: z.array(
      z.object({
        operation: z.string().openapi({ example: "GET /v1/strategies/{id}" }),
        requests: z.number().int(),
        drifted: z.number().int(),
        statuses: z.record(z.string(), z.number().int()),
        fields: z.array(FieldDriftSchema),
      }),
    ),
  })
  .openapi("DriftReport");

const drift = createRoute({
  method: "get",
  path: "/__mock/drift",
  tags: ["Mock control"],
  summary: "Drift of the upstream's answers from the mock's schemas (--proxy), per endpoint and field",
  description: "With `--proxy <url>` every API request is forwarded to the real deployment and its answer checked against this document: an undocumented status, and each field missing, extra, of another type or value, counted per endpoint. Without `--proxy`: mode `off`, nothing listed.",
  responses: { 200: jsonResponse(DriftReportSchema, "The drift seen so far"), 403: CONTROL_REFUSALS[403] },
});

/** `GET /__mock/drift` over `log` (the server's, shared by every session; none: mode "off"). Part of the control surface. */
export function driftRoutes(log: DriftLog | undefined): RouteModule {
  return (app, ctx) => {
    if (!ctx.options.controlEnabled) return;
    app.openapi(drift, (c) => c.json(log === undefined ? NO_DRIFT_REPORT : log.report(), 200));
  };
}
