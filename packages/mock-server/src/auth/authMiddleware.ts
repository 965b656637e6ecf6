import type { MiddlewareHandler } from "hono";
import type { AppEnv, ServiceContext } from "../app/ServiceContext.ts";
import { authenticate } from "./authenticate.ts";

/**
 * Middleware requiring a bearer API key (contract section 5) on every path it is mounted on,
 * except those in `publicPaths` or matching `publicPattern` (the presigned factsheet addresses);
 * sets `c.var.caller`. CORS preflights (OPTIONS) pass.
 */
export function authMiddleware(ctx: ServiceContext, publicPaths: ReadonlySet<string>, publicPattern?: RegExp): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === "OPTIONS" || publicPaths.has(c.req.path) || publicPattern?.test(c.req.path) === true) return next();
    c.set("caller", authenticate(c.req.header("Authorization"), ctx.store.state.users));
    return next();
  };
}
