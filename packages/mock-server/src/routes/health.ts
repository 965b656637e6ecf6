import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";

const HealthSchema = z.object({ status: z.literal("OK"), message: z.literal("Service is running") }).openapi("Health");

/** The health-check paths: one per API version, both without a credential (see `createApp`'s public paths). */
export const HEALTH_PATHS = ["/v1/health", "/v2/health"] as const;

const healthRoute = (path: (typeof HEALTH_PATHS)[number]) =>
  createRoute({
    method: "get",
    path,
    tags: ["Health"],
    summary: `Service health, ${path.slice(1, 3)} (no credential)`,
    description:
      "Answers 200 without an Authorization header: use it to check connectivity before the first authenticated call.",
    responses: {
      200: { description: "The service is running", content: { "application/json": { schema: HealthSchema } } },
    },
  });

/** `GET /v1/health` and `GET /v2/health` (docs/parity.md#health-endpoint): 200 `{status: "OK", message: "Service is running"}`, no credential. */
export const registerHealthRoutes: RouteModule = (app) => {
  for (const path of HEALTH_PATHS)
    app.openapi(healthRoute(path), (c) =>
      c.json({ status: "OK" as const, message: "Service is running" as const }, 200),
    );
};
