import type { MiddlewareHandler } from "hono";
import type { AppEnv, ServiceContext } from "../context/ServiceContext.ts";
import { ApiError, isApiError } from "../errors/ApiError.ts";
import { MCP_PATH } from "../context/mcpPath.ts";
import { oauthServerFor } from "../oauth/OAuthServer.ts";
import { resourceMetadataUrlOf } from "../oauth/registerOAuthRoutes.ts";
import { authenticate } from "./authenticate.ts";

/**
 * Middleware requiring a bearer credential (docs/parity.md#authentication) on every path it is mounted on,
 * except those in `publicPaths` or matching `publicPattern` (the presigned factsheet addresses):
 * an API key, or an access token of the MCP sign-in (`oauth/`); sets `c.var.caller`. CORS
 * preflights (OPTIONS) pass. A 401 on the MCP endpoint names where its OAuth metadata is
 * (`resource_metadata`, RFC 9728 section 5.1), so an MCP client can sign in.
 */
export function authMiddleware(
  ctx: ServiceContext,
  publicPaths: ReadonlySet<string>,
  publicPattern?: RegExp,
): MiddlewareHandler<AppEnv> {
  const oauth = oauthServerFor(ctx);
  const accessToken = (token: string) => oauth.callerOf(token);
  return async (c, next) => {
    if (c.req.method === "OPTIONS" || publicPaths.has(c.req.path) || publicPattern?.test(c.req.path) === true)
      return next();
    try {
      c.set("caller", authenticate(c.req.header("Authorization"), ctx.store.state.users, accessToken));
    } catch (error) {
      if (!isApiError(error) || error.status !== 401 || c.req.path !== MCP_PATH) throw error;
      const challenge = `${error.headers["WWW-Authenticate"]}, resource_metadata="${resourceMetadataUrlOf(new URL(c.req.url).origin)}"`;
      throw new ApiError(401, error.message, { headers: { ...error.headers, "WWW-Authenticate": challenge } });
    }
    return next();
  };
}
