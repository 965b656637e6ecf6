import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../app/RouteModule.ts";
import { bearerSecurity, errorResponses, ErrorSchema, jsonResponse, StrategyIdParams, UuidSchema } from "../schemas/common.ts";
import { IsoDateSchema } from "../schemas/premade.ts";
import { FactsheetRequestBody, FactsheetStatusSchema, RunQuery } from "../schemas/run.ts";
import { factsheetPdf } from "../services/factsheets/factsheetPdf.ts";
import { readFactsheet } from "../services/factsheets/readFactsheet.ts";
import { requestFactsheet } from "../services/factsheets/requestFactsheet.ts";


const PdfQuery = z.object({
  versionId: UuidSchema.openapi({ param: { name: "versionId", in: "query", required: true } }),
  asOfDate: IsoDateSchema.openapi({ param: { name: "asOfDate", in: "query", required: true } }),
});

const FactsheetAnswer = z.object({ status: z.enum(["generating", "ready"]) }).openapi("FactsheetRequestAnswer");

function routes(api: "v1" | "v2") {
  const tags = [api === "v1" ? "Strategies (v1)" : "Strategies (v2)"];
  const base = `/${api}/strategies/{id}`;
  return {
    get: createRoute({
      method: "get",
      path: `${base}/factsheet`,
      tags,
      summary: "Retrieve the factsheet PDF (302 when ready) or its generation status",
      description:
        "The run: `versionId` (default: the active version) and `asOfDate` (default: its latest completed run). When its factsheet is ready: 302 to the PDF. Otherwise 200 `{status}`: `generating` (asked for, not ready yet) or `not_requested`. Premade strategies have a factsheet for every completed run.",
      security: bearerSecurity,
      request: { params: StrategyIdParams, query: RunQuery },
      responses: {
        200: jsonResponse(FactsheetStatusSchema, "No PDF ready yet: its generation status"),
        302: { description: "The factsheet is ready: Location is its PDF", headers: z.object({ Location: z.string() }) },
        ...errorResponses(400, 401, 404),
        409: jsonResponse(ErrorSchema, "The premade run of asOfDate is processing or failed"),
      },
    }),
    post: createRoute({
      method: "post",
      path: `${base}/factsheet`,
      tags,
      summary: "Request (re)generation of the factsheet for the resolved run",
      description:
        "Owner only. The run: `version_id` (default: the active version) and `as_of_date` (default: its latest completed run, else its latest run). Generation finishes a build duration after the run does; `force` regenerates an existing factsheet. Answers `generating`, or `ready` when one exists and `force` is off.",
      security: bearerSecurity,
      request: { params: StrategyIdParams, body: { required: false, content: { "application/json": { schema: FactsheetRequestBody } } } },
      responses: { 200: jsonResponse(FactsheetAnswer, "Factsheet generation requested"), ...errorResponses(400, 401, 403, 404), 409: jsonResponse(ErrorSchema, "Never submitted, or the run failed") },
    }),
    pdf: createRoute({
      method: "get",
      path: `${base}/factsheet.pdf`,
      tags,
      summary: "The factsheet PDF of one run (where GET factsheet redirects)",
      description: "Mock extension: the target of the 302. One A4 page: objective, top holdings by conviction with their signals, sector mix. 404 until the factsheet is ready.",
      security: bearerSecurity,
      request: { params: StrategyIdParams, query: PdfQuery },
      responses: { 200: { description: "The PDF", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } }, ...errorResponses(400, 401, 404) },
    }),
  };
}

/** Factsheets of strategy runs, v1 and v2 (real v2 reference "factsheet"; v1 guide "Get factsheet (PDF)"). */
export const registerFactsheetRoutes: RouteModule = (app, ctx) => {
  for (const api of ["v1", "v2"] as const) {
    const r = routes(api);
    const archived = api === "v1" ? "exclude" : "include";
    app.openapi(r.get, (c) => {
      const id = c.req.valid("param").id;
      const read = readFactsheet(ctx, c.var.caller, id, c.req.valid("query"), archived);
      if (read.status !== "ready") return c.json({ status: read.status }, 200);
      const location = new URL(`/${api}/strategies/${id}/factsheet.pdf?versionId=${read.versionId}&asOfDate=${read.asOfDate}`, c.req.url).toString();
      return c.body(null, 302, { Location: location });
    });
    app.openapi(r.post, (c) => {
      const body = FactsheetRequestBody.parse(c.req.valid("json"));
      return c.json(requestFactsheet(ctx, c.var.caller, c.req.valid("param").id, { asOfDate: body.as_of_date, versionId: body.version_id, force: body.force }), 200);
    });
    app.openapi(r.pdf, (c) => {
      const q = c.req.valid("query");
      const pdf = factsheetPdf(ctx, c.var.caller, c.req.valid("param").id, q.versionId, q.asOfDate, archived);
      return c.body(pdf.buffer as ArrayBuffer, 200, { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="factsheet-${q.asOfDate}.pdf"` });
    });
  }
};
