import { LIMITS } from "../../schemas/limits.ts";
import { OAuthError } from "../OAuthError.ts";

/** The scope granted when a request names none: the one scope the mock advertises. */
export const DEFAULT_SCOPE = "mcp";

/** RFC 6749 section 3.3: `scope-token *( SP scope-token )`, a token being `%x21 / %x23-5B / %x5D-7E`. */
const SCOPE_SYNTAX = /^[\x21\x23-\x5B\x5D-\x7E]+(?: [\x21\x23-\x5B\x5D-\x7E]+)*$/;

/** The free-form fields of an authorization request that the mock keeps or echoes, checked. */
export interface AuthorizationFields {
  /** Echoed to the client's redirect URI; undefined when absent. */
  state: string | undefined;
  /** As asked (the tokens answer it), or {@link DEFAULT_SCOPE}. */
  scope: string;
  /** This server's MCP endpoint when the request names it (RFC 8707), whatever spelling it used; else undefined. */
  resource: string | undefined;
}

/**
 * The `state`, `scope` and `resource` of an authorization request, bounded: `state` at most
 * {@link LIMITS.OAUTH_STATE_MAX} characters, `scope` at most {@link LIMITS.OAUTH_SCOPE_MAX} in
 * RFC 6749's syntax (an empty one is the default), `resource` at most
 * {@link LIMITS.OAUTH_RESOURCE_MAX} and this server's MCP endpoint (a trailing slash, or the bare
 * origin, is the same resource). The resource kept is `resourceUrl` itself, never the spelling sent.
 *
 * @throws OAuthError `invalid_scope` for the scope, `invalid_request` otherwise, the description starting with the field
 * @example
 * authorizationFields(new URLSearchParams("state=x&scope=mcp"), "http://localhost:4010/v1/mcp") // => { state: "x", scope: "mcp", resource: undefined }
 */
export function authorizationFields(params: URLSearchParams, resourceUrl: string): AuthorizationFields {
  const state = params.get("state") ?? undefined;
  if (state !== undefined && state.length > LIMITS.OAUTH_STATE_MAX)
    throw new OAuthError("invalid_request", `state: at most ${LIMITS.OAUTH_STATE_MAX} characters, got ${state.length}`);
  const scope = params.get("scope") || DEFAULT_SCOPE;
  if (scope.length > LIMITS.OAUTH_SCOPE_MAX)
    throw new OAuthError("invalid_scope", `scope: at most ${LIMITS.OAUTH_SCOPE_MAX} characters, got ${scope.length}`);
  if (!SCOPE_SYNTAX.test(scope))
    throw new OAuthError(
      "invalid_scope",
      'scope: scope tokens separated by single spaces, each of the printable ASCII characters but " and \\ (RFC 6749 section 3.3)',
    );
  const asked = params.get("resource");
  if (asked === null) return { state, scope, resource: undefined };
  if (asked.length > LIMITS.OAUTH_RESOURCE_MAX)
    throw new OAuthError(
      "invalid_request",
      `resource: at most ${LIMITS.OAUTH_RESOURCE_MAX} characters, got ${asked.length}`,
    );
  if (!sameResource(asked, resourceUrl))
    throw new OAuthError("invalid_request", `resource must be this server's MCP endpoint ${resourceUrl}`);
  return { state, scope, resource: resourceUrl };
}

function sameResource(asked: string, resourceUrl: string): boolean {
  const strip = (u: string) => {
    let end = u.length;
    while (end > 0 && u.charCodeAt(end - 1) === 47 /* "/" */) end -= 1;
    return u.slice(0, end);
  };
  return strip(asked) === strip(resourceUrl) || strip(asked) === strip(new URL(resourceUrl).origin);
}
