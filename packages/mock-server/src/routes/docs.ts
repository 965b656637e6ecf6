import type { RouteModule } from "../app/RouteModule.ts";

/** Reads a Swagger UI file by name (`swagger-ui.css`, `swagger-ui-bundle.js`…); null when absent. */
export type DocsAssets = (file: string) => Uint8Array | null;

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

/**
 * `GET /openapi.json` (the OpenAPI 3.1 document generated from the route schemas) and `GET /docs`
 * (a Swagger UI page over it, its files served locally from `assets`, nothing from a CDN).
 * Without `assets` (e.g. in a browser under msw) `/docs` is a plain page linking the document.
 */
export function docsRoutes(assets: DocsAssets | undefined): RouteModule {
  return (app) => {
    app.doc31("/openapi.json", {
      openapi: "3.1.0",
      info: {
        title: "Thematic investing service (local mock)",
        version: "1.0.0",
        description:
          "Faithful local mock of the thematic-investing REST service. Bearer API keys of the fixture users; " +
          "control surface under /__mock (see README).",
      },
      servers: [{ url: "/" }],
    });
    app.get("/docs", (c) => c.html(assets === undefined ? plainPage() : swaggerPage()));
    app.get("/docs/:file", (c) => {
      const file = c.req.param("file");
      const type = ASSETS[file];
      const bytes = type === undefined || assets === undefined ? null : assets(file);
      if (type === undefined || bytes === null) return c.json({ error: `no docs asset ${file}` }, 404);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "Content-Type": type, "Cache-Control": "max-age=3600" });
    });
  };
}

function swaggerPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Thematic mock API reference</title>
<link rel="icon" href="/docs/favicon-32x32.png"><link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true, persistAuthorization: true });</script>
</body></html>`;
}

function plainPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Thematic mock API reference</title></head>
<body><h1>Thematic mock API</h1><p>The OpenAPI 3.1 document is at <a href="/openapi.json">/openapi.json</a>.
The browsable reference is served by the standalone server (<code>thematic-mock</code>) at /docs.</p></body></html>`;
}
