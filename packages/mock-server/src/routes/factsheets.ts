import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import {
  bearerSecurity,
  errorResponses,
  ErrorSchema,
  jsonResponse,
  StrategyIdParams,
  UuidSchema,
} from "../schemas/common.ts";
import { IsoDateSchema } from "../schemas/premade.ts";
import { FactsheetRequestBody, FactsheetStatusSchema, RunQuery } from "../schemas/run.ts";
import { factsheetPdf } from "../services/factsheets/factsheetPdf.ts";
import { readFactsheet } from "../services/factsheets/readFactsheet.ts";
import { requestFactsheet } from "../services/factsheets/requestFactsheet.ts";
import {
  presignFactsheet,
  PRESIGNED_TTL_SECONDS,
  verifyFactsheetSignature,
} from "../services/factsheets/presignedFactsheet.ts";

const PdfQuery = z.object({
  versionId: UuidSchema.openapi({ param: { name: "versionId", in: "query", required: true } }),
  asOfDate: IsoDateSchema.openapi({ param: { name: "asOfDate", in: "query", required: true } }),
  userId: UuidSchema.openapi({
    param: { name: "userId", in: "query", required: true },
    description: "The user the address was issued to: the PDF is read as that user",
  }),
  expires: z.coerce
    .number()
    .int()
    .openapi({
      param: { name: "expires", in: "query", required: true },
      description: "Unix seconds after which the address is refused",
    }),
  signature: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "must be 64 lower-case hex digits")
    .openapi({
      param: { name: "signature", in: "query", required: true },
      description:
        "HMAC-SHA-256 of the address, the state it was issued in and its expiry, under the issuing mock's secret",
    }),
});

const FactsheetAnswer = z.object({ status: z.literal("generating") }).openapi("FactsheetRequestAnswer");

/** The presigned PDF paths: no API key (the signature stands for it). */
export const FACTSHEET_PDF_PATH = /^\/v[12]\/strategies\/[^/]+\/factsheet\.pdf$/;

function routes(api: "v1" | "v2") {
  const tags = [api === "v1" ? "Strategies (v1)" : "Strategies (v2)"];
  const base = `/${api}/strategies/{id}`;
  return {
    get: createRoute({
      method: "get",
      path: `${base}/factsheet`,
      tags,
      summary: "Retrieve the factsheet PDF (302 when ready) or its generation status",
      description: `The run: \`versionId\` (default: the active version) and \`asOfDate\` (default: its latest completed run). When its factsheet is ready: 302 to a presigned PDF address valid ${PRESIGNED_TTL_SECONDS} s that needs no API key. Otherwise 200 \`{status}\`: \`generating\` (asked for, not ready yet) or \`not_requested\`. 404 when the strategy or version is not visible or has no run at all. Premade strategies have a factsheet for every completed run.`,
      security: bearerSecurity,
      request: { params: StrategyIdParams, query: RunQuery },
      responses: {
        200: jsonResponse(FactsheetStatusSchema, "No PDF ready yet: its generation status"),
        302: {
          description: "The factsheet is ready: Location is its PDF",
          headers: z.object({ Location: z.string() }),
        },
        ...errorResponses(400, 401),
        404: jsonResponse(
          ErrorSchema,
          "The strategy or version is not visible to the caller, or has no run (never submitted, or none as of asOfDate)",
        ),
        409: jsonResponse(ErrorSchema, "The premade run of asOfDate is processing or failed"),
      },
    }),
    post: createRoute({
      method: "post",
      path: `${base}/factsheet`,
      tags,
      summary: "Request (re)generation of the factsheet for the resolved run",
      description:
        "Owner only. The run: `version_id` (default: the active version) and `as_of_date` (default: its latest completed run, else its latest run). Generation finishes a build duration after the run does; `force` regenerates an existing factsheet. Answers `generating` (also when a ready factsheet is kept because `force` is off: GET then redirects at once).",
      security: bearerSecurity,
      request: {
        params: StrategyIdParams,
        body: { required: false, content: { "application/json": { schema: FactsheetRequestBody } } },
      },
      responses: {
        200: jsonResponse(FactsheetAnswer, "Factsheet generation requested"),
        ...errorResponses(400, 401, 403, 404),
        409: jsonResponse(ErrorSchema, "Never submitted, or the run failed"),
      },
    }),
    pdf: createRoute({
      method: "get",
      path: `${base}/factsheet.pdf`,
      tags,
      summary: "The factsheet PDF of one run (where GET factsheet redirects)",
      description:
        "The target of the 302: a presigned address (no API key; `userId`, `expires` and `signature` as GET factsheet wrote them). It holds for the user it was issued to (the PDF is read as that user, who must still see the strategy), in the sandbox session and the state it was issued in, on that session's clock. One A4 page: objective, top holdings by conviction with their signals, sector mix. 403 for a wrong signature (altered, another session's, or issued before a reset or a restart) or an expired address, 404 once the run or its factsheet is gone or no longer visible to the user.",
      security: [],
      request: { params: StrategyIdParams, query: PdfQuery },
      responses: {
        200: {
          description: "The PDF",
          content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
        },
        ...errorResponses(400, 404),
        403: jsonResponse(ErrorSchema, "The signature does not match the address, or the address has expired"),
      },
    }),
  };
}

/** Factsheets of strategy runs, v1 and v2 (real v2 reference "factsheet"; v1 guide "Get factsheet (PDF)"). */
export const registerFactsheetRoutes: RouteModule = (app, ctx) => {
  for (const api of ["v1", "v2"] as const) {
    const r = routes(api);
    const archived = api === "v1" ? "exclude" : "include";
    app.openapi(r.get, async (c) => {
      const id = c.req.valid("param").id;
      const read = readFactsheet(ctx, c.var.caller, id, c.req.valid("query"), archived);
      if (read.status !== "ready") return c.json({ status: read.status }, 200);
      const path = await presignFactsheet(ctx, c.var.caller, {
        api,
        strategyId: id,
        versionId: read.versionId,
        asOfDate: read.asOfDate,
      });
      return c.body(null, 302, { Location: new URL(path, c.req.url).toString() });
    });
    app.openapi(r.post, (c) => {
      const body = FactsheetRequestBody.parse(c.req.valid("json"));
      return c.json(
        requestFactsheet(ctx, c.var.caller, c.req.valid("param").id, {
          asOfDate: body.as_of_date,
          versionId: body.version_id,
          force: body.force,
        }),
        200,
      );
    });
    app.openapi(r.pdf, async (c) => {
      const q = c.req.valid("query");
      const id = c.req.valid("param").id;
      await verifyFactsheetSignature(ctx, { api, strategyId: id, versionId: q.versionId, asOfDate: q.asOfDate }, q);
      // The signature stands for the caller who was redirected: read as that user (who must still see the strategy).
      const pdf = factsheetPdf(ctx, { userId: q.userId }, id, q.versionId, q.asOfDate, archived);
      return c.body(pdf.buffer as ArrayBuffer, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="factsheet-${q.asOfDate}.pdf"`,
      });
    });
  }
};
