import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../app/RouteModule.ts";

const HealthSchema = z.object({ status: z.literal("OK"), message: z.literal("Service is running") }).openapi("Health");

const health = createRoute({
  method: "get",
  path: "/v1/health",
  tags: ["Health"],
  summary: "Service health (no credential)",
  responses: { 200: { description: "The service is running", content: { "application/json": { schema: HealthSchema } } } },
});

/** `GET /v1/health` (contract 4.1): 200 `{status: "OK", message: "Service is running"}`, no credential. */
export const registerHealthRoutes: RouteModule = (app) => {
  app.openapi(health, (c) => c.json({ status: "OK" as const, message: "Service is running" as const }, 200));
};
