import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context/ServiceContext.ts";
import { applyOpenApiExtras, type OpenApiDocument } from "./applyOpenApiExtras.ts";
import type { OpenApiExamples } from "./OpenApiExamples.ts";
import { OPERATION_IDS } from "./operationIds.ts";

const CONTENT_TYPE = "application/json; charset=UTF-8";

/** Where the document is served (routes/docs.ts). */
export const OPENAPI_PATH = "/openapi.json";

/**
 * Middleware for `GET /openapi.json`: the first request lets the route generate the document from
 * the zod schemas, adds the operation ids and examples (`applyOpenApiExtras`) and keeps the JSON
 * text; every later request of this app is answered from it (the routes are fixed once the app is
 * built). Generating took 60–170 ms a request; a cached answer costs a copy of the text.
 * The examples (390 kB of code) are imported on that first request, not with the app, so a page
 * running the mock under msw loads them only when it asks for the document.
 *
 * @example
 * app.use(OPENAPI_PATH, openApiDocumentMiddleware());
 */
export function openApiDocumentMiddleware(
  examples: OpenApiExamples | (() => Promise<OpenApiExamples>) = loadExamples,
  operationIds: Readonly<Record<string, string>> = OPERATION_IDS,
): MiddlewareHandler<AppEnv> {
  let cached: string | undefined;
  return async (c, next) => {
    if (c.req.method !== "GET") return next();
    if (cached !== undefined) return c.body(cached, 200, { "Content-Type": CONTENT_TYPE });
    await next();
    if (c.res.status !== 200) return;
    const generated = (await c.res.json()) as OpenApiDocument;
    cached = JSON.stringify(
      applyOpenApiExtras(generated, typeof examples === "function" ? await examples() : examples, operationIds),
    );
    c.res = new Response(cached, { status: 200, headers: { "Content-Type": CONTENT_TYPE } });
  };
}

/** The committed examples (`openApiExamples.generated.ts`), imported when first needed. */
async function loadExamples(): Promise<OpenApiExamples> {
  return (await import("./openApiExamples.generated.ts")).OPENAPI_EXAMPLES;
}
