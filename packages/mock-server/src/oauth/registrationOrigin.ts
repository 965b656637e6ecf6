import { isJsonContentType } from "../_internal/isJsonContentType.ts";
import { quoted } from "./_internal/quoted.ts";
import { OAuthError } from "./OAuthError.ts";

/** The request headers {@link registrationOrigin} judges. */
export interface RegistrationHeaders {
  origin: string | undefined;
  secFetchSite: string | undefined;
  contentType: string | undefined;
}

/**
 * Judges who asks for a dynamic client registration, as the control surface judges its callers
 * (`controlGuardMiddleware`): a browser request must come from this server's own origin or one
 * the `--cors-origin` allow-list admits (`isAllowed`, an `originMatcher`), including when it says
 * `Sec-Fetch-Site: cross-site`, and every registration must be `Content-Type: application/json`,
 * which a page on another site cannot send without a CORS preflight. Tools that send no `Origin`
 * (the MCP SDK under Node, curl) pass.
 *
 * @returns the origin to count the registration against (lower case), or undefined for a request without `Origin`
 * @throws OAuthError 403 `access_denied` for another site, 415 `invalid_client_metadata` for a body that is not JSON
 * @example
 * registrationOrigin({ origin: "https://evil.example", secFetchSite: "cross-site", contentType: "application/json" }, "http://localhost:4010", () => false) // throws OAuthError 403
 * registrationOrigin({ origin: undefined, secFetchSite: undefined, contentType: "application/json" }, "http://localhost:4010", () => false) // => undefined
 */
export function registrationOrigin(
  headers: RegistrationHeaders,
  ownOrigin: string,
  isAllowed: (origin: string) => boolean,
): string | undefined {
  const { origin, secFetchSite } = headers;
  const trusted = origin !== undefined && (origin.toLowerCase() === ownOrigin.toLowerCase() || isAllowed(origin));
  if (origin !== undefined && !trusted) {
    throw new OAuthError(
      "access_denied",
      `client registration refused from origin ${quoted(origin)}: only this server's own origin and the --cors-origin allow-list may register clients`,
      403,
    );
  }
  if (secFetchSite?.toLowerCase() === "cross-site" && !trusted) {
    throw new OAuthError(
      "access_denied",
      "client registration refused from a page on another site (Sec-Fetch-Site: cross-site): only this server's own origin and the --cors-origin allow-list may register clients",
      403,
    );
  }
  if (!isJsonContentType(headers.contentType)) {
    throw new OAuthError(
      "invalid_client_metadata",
      "POST /oauth/register needs Content-Type: application/json (RFC 7591): form and text/plain bodies are refused so that no web page can register clients",
      415,
    );
  }
  return origin?.toLowerCase();
}
