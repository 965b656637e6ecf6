import { createRoute } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import { formatZodError } from "../errors/formatZodError.ts";
import { errorResponses } from "../schemas/common.ts";
import { RequestLogQuery, RequestLogSchema, StudioChartBody, StudioSnapshotSchema } from "../schemas/studio.ts";
import { studioChart } from "../services/studio/studioChart.ts";
import { studioSnapshot } from "../services/studio/studioSnapshot.ts";
import { studioPage } from "../studio/studioPage.ts";
import { STUDIO_SCRIPT } from "../studio/studioScript.ts";
import { STUDIO_STYLES } from "../studio/studioStyles.ts";

const tags = ["Mock studio"];
// The studio's own API is validated by these routes' zod schemas but kept out of /openapi.json:
// its answers (a live request log, SVG drawings) are not contract material, and the documented
// operations are those every client can rely on. README.md documents them.
const hide = true;

const requests = createRoute({
  method: "get",
  path: "/__mock/requests",
  hide,
  tags,
  summary:
    "The most recent requests (method, path, status, duration, user), oldest first; poll with ?after=<latestSeq>",
  request: { query: RequestLogQuery },
  responses: {
    200: { description: "Recent requests", content: { "application/json": { schema: RequestLogSchema } } },
    ...errorResponses(400),
  },
});
const snapshot = createRoute({
  method: "get",
  path: "/__mock/studio/snapshot",
  hide,
  tags,
  summary:
    "Everything the studio page shows: status, users and keys, strategies with build status, portfolios, premade strategies, benchmarks",
  responses: { 200: { description: "Snapshot", content: { "application/json": { schema: StudioSnapshotSchema } } } },
});
const chart = createRoute({
  method: "post",
  path: "/__mock/studio/backtest-chart",
  hide,
  tags,
  summary:
    "Backtest a portfolio, premade or completed strategy against a benchmark and draw it (SVG, @thematic/charts), or write its full report (HTML)",
  request: { body: { required: true, content: { "application/json": { schema: StudioChartBody } } } },
  responses: {
    200: {
      description: "The chart (SVG), or the full report (one self-contained HTML page)",
      content: { "image/svg+xml": { schema: { type: "string" } }, "text/html": { schema: { type: "string" } } },
    },
    ...errorResponses(400, 404),
  },
});

/** The page's own files may only load from the mock (no inline code, nothing from elsewhere). */
const PAGE_HEADERS = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; frame-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
};

/**
 * The full report's own page (`GET /__mock/studio/report`), shown in the studio's sandboxed frame:
 * a self-contained document that needs its inline styles and nothing else (no script, no fetch).
 */
const REPORT_HEADERS = {
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
  "Content-Type": "text/html; charset=utf-8",
};
/** How long a drawn report is reused for the same query: the page checks the answer, then frames it (one drawing, two requests). */
const REPORT_REUSE_MS = 15_000;

/** A rising line in a square: the page's icon (a browser asks for one; a 404 would be noise). */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b5cad"/><path d="M3 12l3-4 3 2 4-6" stroke="#fff" stroke-width="1.6" fill="none"/></svg>`;

/**
 * The studio (`/__mock/studio`): a page for frontend teams over the control surface, with the
 * recent-requests log (`GET /__mock/requests`), a snapshot of state and a backtest explorer whose
 * charts are drawn server-side by @thematic/charts. No credential, like the rest of `/__mock`;
 * mounted only when the control surface is (`--no-control` removes both).
 */
export const registerStudioRoutes: RouteModule = (app, ctx) => {
  if (!ctx.options.controlEnabled) return;
  app.get("/__mock/studio", (c) =>
    c.body(studioPage(), 200, { ...PAGE_HEADERS, "Content-Type": "text/html; charset=utf-8" }),
  );
  app.get("/__mock/studio/", (c) => c.redirect("/__mock/studio", 301));
  app.get("/__mock/studio/studio.js", (c) =>
    c.body(STUDIO_SCRIPT, 200, { ...PAGE_HEADERS, "Content-Type": "text/javascript; charset=utf-8" }),
  );
  app.get("/__mock/studio/studio.css", (c) =>
    c.body(STUDIO_STYLES, 200, { ...PAGE_HEADERS, "Content-Type": "text/css; charset=utf-8" }),
  );
  app.get("/__mock/studio/favicon.svg", (c) =>
    c.body(FAVICON, 200, { ...PAGE_HEADERS, "Content-Type": "image/svg+xml" }),
  );
  app.openapi(snapshot, (c) => c.json(studioSnapshot(ctx), 200));
  app.openapi(requests, (c) => {
    const { after, limit } = c.req.valid("query");
    return c.json(
      {
        requests: ctx.requests.since(after, limit),
        latestSeq: ctx.requests.latestSeq(),
        capacity: ctx.requests.capacity,
      },
      200,
    );
  });
  let lastReport: { key: string; html: string; at: number } | undefined;
  app.get("/__mock/studio/report", async (c) => {
    const q = c.req.query();
    const parsed = StudioChartBody.safeParse({
      source: { kind: q.kind, id: q.id },
      benchmark: q.benchmark,
      years: q.years === undefined ? undefined : Number(q.years),
      chart: "full-report",
    });
    if (!parsed.success) return c.json({ error: formatZodError(parsed.error, "query") }, 400);
    const key = JSON.stringify(parsed.data);
    if (lastReport === undefined || lastReport.key !== key || Date.now() - lastReport.at > REPORT_REUSE_MS) {
      lastReport = { key, html: (await studioChart(ctx, parsed.data)).body, at: Date.now() };
    }
    return c.body(lastReport.html, 200, REPORT_HEADERS);
  });
  app.openapi(chart, async (c) => {
    const drawing = await studioChart(ctx, c.req.valid("json"));
    return c.body(drawing.body, 200, {
      "Content-Type": drawing.contentType,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    }) as never;
  });
};
