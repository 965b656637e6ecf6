import { LIMITS } from "../../schemas/limits.ts";
import { OAuthError } from "../OAuthError.ts";
import { quoted } from "./quoted.ts";

/** How a registered client proves itself at the token endpoint (RFC 7591 `token_endpoint_auth_method`). */
export type ClientAuthMethod = "none" | "client_secret_post" | "client_secret_basic";

/** The grants a client may register for. */
export type GrantType = "authorization_code" | "refresh_token";

/** What the mock keeps of a registration's metadata, each value bounded by `LIMITS.OAUTH_*`. */
export interface ClientMetadata {
  redirectUris: string[];
  authMethod: ClientAuthMethod;
  grantTypes: GrantType[];
  /** As sent, or undefined when absent or blank. */
  clientName: string | undefined;
}

/**
 * The client metadata of a registration (RFC 7591 section 2), checked: `redirect_uris` (required,
 * 1 to {@link LIMITS.OAUTH_REDIRECT_URIS_MAX_COUNT} absolute `http(s)` URLs without a fragment, each
 * at most {@link LIMITS.OAUTH_REDIRECT_URI_MAX} characters), `token_endpoint_auth_method` (default
 * `client_secret_basic` per RFC 7591; `none` for a public client), `grant_types` (each of
 * `authorization_code` and `refresh_token` at most once), `client_name` (at most
 * {@link LIMITS.OAUTH_CLIENT_NAME_MAX} characters). Other members are ignored (neither kept nor echoed).
 *
 * @throws OAuthError `invalid_redirect_uri` or `invalid_client_metadata`, the description starting with the field
 * @example
 * clientMetadata({ redirect_uris: ["http://localhost:3000/cb"], token_endpoint_auth_method: "none" }).authMethod // => "none"
 */
export function clientMetadata(metadata: unknown): ClientMetadata {
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata))
    throw new OAuthError("invalid_client_metadata", "the body must be a JSON object of client metadata (RFC 7591)");
  const m = metadata as Record<string, unknown>;
  const uris = m.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > LIMITS.OAUTH_REDIRECT_URIS_MAX_COUNT) {
    throw new OAuthError(
      "invalid_redirect_uri",
      `redirect_uris: an array of 1 to ${LIMITS.OAUTH_REDIRECT_URIS_MAX_COUNT} URLs is required`,
    );
  }
  uris.forEach((u, i) => {
    if (typeof u !== "string" || !isRedirectUri(u)) {
      throw new OAuthError(
        "invalid_redirect_uri",
        `redirect_uris[${i}]: must be an absolute http(s) URL without a fragment, at most ${LIMITS.OAUTH_REDIRECT_URI_MAX} characters`,
      );
    }
  });
  const authMethod = m.token_endpoint_auth_method ?? "client_secret_basic";
  if (authMethod !== "none" && authMethod !== "client_secret_post" && authMethod !== "client_secret_basic") {
    throw new OAuthError(
      "invalid_client_metadata",
      `token_endpoint_auth_method: must be none, client_secret_post or client_secret_basic, got ${quoted(authMethod)}`,
    );
  }
  const grantTypes = m.grant_types ?? ["authorization_code"];
  if (
    !Array.isArray(grantTypes) ||
    grantTypes.length > 2 ||
    new Set(grantTypes).size !== grantTypes.length ||
    grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token")
  ) {
    throw new OAuthError(
      "invalid_client_metadata",
      "grant_types: may hold only authorization_code and refresh_token, each at most once",
    );
  }
  const name = m.client_name;
  if (name !== undefined && (typeof name !== "string" || name.length > LIMITS.OAUTH_CLIENT_NAME_MAX)) {
    throw new OAuthError(
      "invalid_client_metadata",
      `client_name: must be a string of at most ${LIMITS.OAUTH_CLIENT_NAME_MAX} characters`,
    );
  }
  return {
    redirectUris: uris as string[],
    authMethod,
    grantTypes: grantTypes as GrantType[],
    clientName: typeof name === "string" && name.trim() !== "" ? name : undefined,
  };
}

function isRedirectUri(value: string): boolean {
  if (value.length > LIMITS.OAUTH_REDIRECT_URI_MAX) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hash === "";
  } catch {
    return false;
  }
}
