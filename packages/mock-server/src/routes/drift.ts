import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import { jsonResponse } from "../schemas/common.ts";
import { CONTROL_REFUSALS } from "../schemas/controlRefusals.ts";
import {
  type DriftLog,
  MAX_FIELDS_PER_OPERATION,
  MAX_SAMPLE_PATHS,
  MAX_UNDOCUMENTED_ROUTES,
  NO_DRIFT_REPORT,
  OTHER_ROUTES,
} from "../proxy/DriftLog.ts";

const FieldDriftSchema = z.object({
  path: z
    .string()
    .openapi({ description: "JSON path of the field; array items are written []", example: "$.performance.sharpe" }),
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
    mode: z
      .enum(["proxy", "off"])
      .openapi({ description: "proxy: the server forwards the API to `upstream` (--proxy); off: nothing to report" }),
    upstream: z.string().nullable(),
    requests: z.number().int(),
    drifted: z.number().int(),
    endpoints: z.array(
      z.object({
        operation: z.string().openapi({
          description: `A documented operation; for a route the mock lacks, its method and path with id-like segments as {id} (one row per route, not per id); "${OTHER_ROUTES}" counts the routes the mock lacks beyond the first ${MAX_UNDOCUMENTED_ROUTES}`,
          example: "GET /v1/strategies/{id}",
        }),
        requests: z.number().int(),
        drifted: z.number().int(),
        statuses: z.record(z.string(), z.number().int()),
        fields: z
          .array(FieldDriftSchema)
          .openapi({ description: `At most ${MAX_FIELDS_PER_OPERATION}, the first seen` }),
        fieldsNotListed: z
          .number()
          .int()
          .optional()
          .openapi({ description: "Issues of further fields, counted but not listed" }),
        firstSeen: z.string(),
        lastSeen: z.string(),
        samplePaths: z
          .array(z.string())
          .optional()
          .openapi({ description: `A route the mock lacks: the first ${MAX_SAMPLE_PATHS} request paths it grouped` }),
      }),
    ),
  })
  .openapi("DriftReport");

const drift = createRoute({
  method: "get",
  path: "/__mock/drift",
  tags: ["Mock control"],
  summary: "Drift of the upstream's answers from the mock's schemas (--proxy), per endpoint and field",
  description: `With \`--proxy <url>\` every API request is forwarded to the real deployment and its answer checked against this document: an undocumented status, and each field missing, extra, of another type or value, counted per endpoint. Bounded whatever the upstream answers: routes the mock lacks are grouped by route (ids as {id}), the first ${MAX_UNDOCUMENTED_ROUTES} listed and the rest counted in one row; at most ${MAX_FIELDS_PER_OPERATION} fields per endpoint. Without \`--proxy\`: mode \`off\`, nothing listed.`,
  responses: { 200: jsonResponse(DriftReportSchema, "The drift seen so far"), 403: CONTROL_REFUSALS[403] },
});

/** `GET /__mock/drift` over `log` (the server's, shared by every session; none: mode "off"). Part of the control surface. */
export function driftRoutes(log: DriftLog | undefined): RouteModule {
  return (app, ctx) => {
    if (!ctx.options.controlEnabled) return;
    app.openapi(drift, (c) => c.json(log === undefined ? NO_DRIFT_REPORT : log.report(), 200));
  };
}
