import type { Context } from "hono";
import { originMatcher } from "../_internal/originMatcher.ts";
import type { RouteModule } from "../context/RouteModule.ts";
import type { AppEnv } from "../context/ServiceContext.ts";
import { MCP_PATH } from "../context/mcpPath.ts";
import { OAuthError, oauthServerFor } from "./OAuthServer.ts";
import { registrationOrigin } from "./registrationOrigin.ts";
import { signInPage } from "./signInPage.ts";

/** Paths of the OAuth endpoints (outside `/v1`, so no API key is needed to reach them). */
export const OAUTH_PATHS = {
  authorizationServerMetadata: "/.well-known/oauth-authorization-server",
  protectedResourceMetadata: "/.well-known/oauth-protected-resource",
  register: "/oauth/register",
  authorize: "/oauth/authorize",
  token: "/oauth/token",
} as const;

/** The mock's origin as the client reached it (the standalone server's address, or msw's base URL). */
const originOf = (c: Context<AppEnv>): string => new URL(c.req.url).origin;

/** The protected resource: the MCP endpoint's absolute URL. */
export const resourceUrlOf = (origin: string): string => `${origin}${MCP_PATH}`;

/** The `resource_metadata` parameter of a 401 challenge on the MCP endpoint (RFC 9728 section 5.1). */
export const resourceMetadataUrlOf = (origin: string): string =>
  `${origin}${OAUTH_PATHS.protectedResourceMetadata}${MCP_PATH}`;

/**
 * Mounts the OAuth 2.1 sign-in of the MCP server (MCP specification 2025-06-18, "Authorization"),
 * beside the API key:
 * - `GET /.well-known/oauth-protected-resource[/v1/mcp]`: protected resource metadata (RFC 9728);
 * - `GET /.well-known/oauth-authorization-server`: authorization server metadata (RFC 8414);
 * - `POST /oauth/register`: dynamic client registration (RFC 7591), 201; JSON only, and from a
 *   web page only on this server's origin or the `--cors-origin` allow-list (`registrationOrigin`);
 * - `GET /oauth/authorize`: the sign-in page listing the fixture users; `POST /oauth/authorize`:
 *   the page's answer, a 302 back to the client's `redirect_uri` with `code` and `state` (or
 *   `error=access_denied`); the POST must come from the mock's own origin (a page elsewhere
 *   cannot sign a user in);
 * - `POST /oauth/token`: the authorization-code (PKCE S256) and refresh-token grants.
 * Errors follow OAuth (`{error, error_description}`, RFC 6749 section 5.2), which also fits the
 * API's `{error}` shape. Not in the OpenAPI document, like the MCP endpoint.
 */
export const registerOAuthRoutes: RouteModule = (app, ctx) => {
  const oauth = oauthServerFor(ctx);
  const oauthError = (c: Context<AppEnv>, e: unknown) => {
    if (!(e instanceof OAuthError)) throw e;
    return c.json({ error: e.code, error_description: e.message }, e.status, { "Cache-Control": "no-store" });
  };

  const protectedResource = (c: Context<AppEnv>) => {
    const origin = originOf(c);
    return c.json({
      resource: resourceUrlOf(origin),
      authorization_servers: [origin],
      bearer_methods_supported: ["header"],
      scopes_supported: ["mcp"],
      resource_name: "Thematic mock MCP server",
      resource_documentation: `${origin}/docs`,
    });
  };
  app.get(OAUTH_PATHS.protectedResourceMetadata, protectedResource);
  app.get(`${OAUTH_PATHS.protectedResourceMetadata}${MCP_PATH}`, protectedResource);

  app.get(OAUTH_PATHS.authorizationServerMetadata, (c) => {
    const origin = originOf(c);
    return c.json({
      issuer: origin,
      authorization_endpoint: `${origin}${OAUTH_PATHS.authorize}`,
      token_endpoint: `${origin}${OAUTH_PATHS.token}`,
      registration_endpoint: `${origin}${OAUTH_PATHS.register}`,
      scopes_supported: ["mcp"],
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_post", "client_secret_basic"],
      service_documentation: `${origin}/docs`,
    });
  });

  const isAllowedOrigin = originMatcher(ctx.options.corsOrigins);
  app.post(OAUTH_PATHS.register, async (c) => {
    let origin: string | undefined;
    let body: unknown;
    try {
      origin = registrationOrigin(
        {
          origin: c.req.header("Origin"),
          secFetchSite: c.req.header("Sec-Fetch-Site"),
          contentType: c.req.header("Content-Type"),
        },
        originOf(c),
        isAllowedOrigin,
      );
    } catch (e) {
      return oauthError(c, e);
    }
    try {
      body = await c.req.json();
    } catch {
      return oauthError(
        c,
        new OAuthError(
          "invalid_client_metadata",
          "the body must be JSON client metadata (Content-Type: application/json)",
        ),
      );
    }
    try {
      return c.json(oauth.register(body, origin), 201, { "Cache-Control": "no-store" });
    } catch (e) {
      return oauthError(c, e);
    }
  });

  app.get(OAUTH_PATHS.authorize, (c) => {
    const params = new URL(c.req.url).searchParams;
    try {
      const { client, redirectUri } = oauth.checkAuthorization(params, resourceUrlOf(originOf(c)));
      const users = ctx.store.state.users.filter((u) => u.active);
      return c.html(signInPage({ clientName: client.clientName, redirectUri, params, users }), 200, {
        "Cache-Control": "no-store",
        "X-Frame-Options": "DENY",
      });
    } catch (e) {
      return oauthError(c, e);
    }
  });

  app.post(OAUTH_PATHS.authorize, async (c) => {
    const origin = originOf(c);
    const from = c.req.header("Origin");
    if (from !== undefined && from !== origin)
      return c.json(
        { error: "access_denied", error_description: `the sign-in form must be posted from ${origin}, not ${from}` },
        403,
      );
    const form = await formOf(c);
    if (form === undefined)
      return oauthError(
        c,
        new OAuthError("invalid_request", "send the sign-in form as application/x-www-form-urlencoded"),
      );
    try {
      const { redirectUri } = oauth.checkAuthorization(form, resourceUrlOf(origin));
      const back = new URL(redirectUri);
      const state = form.get("state");
      if (form.get("decision") === "deny") {
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "the user declined");
      } else {
        const { code } = oauth.issueCode(form, resourceUrlOf(origin), form.get("user_id") ?? "");
        back.searchParams.set("code", code);
      }
      if (state !== null) back.searchParams.set("state", state);
      back.searchParams.set("iss", origin); // RFC 9207
      return c.redirect(back.toString(), 302);
    } catch (e) {
      return oauthError(c, e);
    }
  });

  app.post(OAUTH_PATHS.token, async (c) => {
    const form = await formOf(c);
    if (form === undefined)
      return oauthError(
        c,
        new OAuthError(
          "invalid_request",
          "send the token request as application/x-www-form-urlencoded (RFC 6749 section 4.1.3)",
        ),
      );
    try {
      return c.json(await oauth.token(form, basicCredentials(c.req.header("Authorization"))), 200, {
        "Cache-Control": "no-store",
        Pragma: "no-cache",
      });
    } catch (e) {
      return oauthError(c, e);
    }
  });
};

async function formOf(c: Context<AppEnv>): Promise<URLSearchParams | undefined> {
  const type = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return undefined;
  return new URLSearchParams(await c.req.text());
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(header ?? "");
  if (match === null) return undefined;
  let decoded: string;
  try {
    decoded = atob(match[1]!);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  const unescapeFormValue = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, " "));
    } catch {
      return s;
    }
  };
  return { id: unescapeFormValue(decoded.slice(0, colon)), secret: unescapeFormValue(decoded.slice(colon + 1)) };
}
