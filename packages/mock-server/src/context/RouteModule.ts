import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv, ServiceContext } from "./ServiceContext.ts";

/** The app type every route module registers on. */
export type MockApp = OpenAPIHono<AppEnv>;

/**
 * A route module: registers its routes (with `app.openapi(createRoute(...), handler)`) on `app`;
 * handlers call services with `ctx`. Listed in `app/routeModules.ts`.
 */
export type RouteModule = (app: MockApp, ctx: ServiceContext) => void;
