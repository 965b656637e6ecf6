import type { RouteModule } from "../context/RouteModule.ts";
import { docsPage } from "./_internal/docsPage.ts";

/**
 * `GET /openapi.json` (the OpenAPI 3.1 document generated from the route schemas) and `GET /docs`
 * (the API reference over it: one self-contained page rendering the document in the browser,
 * the same in the standalone server, in-process and under msw; nothing from a CDN).
 */
export function docsRoutes(): RouteModule {
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
    const page = docsPage();
    app.get("/docs", (c) => c.html(page));
  };
}
