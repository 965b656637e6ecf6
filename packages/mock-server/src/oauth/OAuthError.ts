/** The error codes the mock's OAuth endpoints answer (RFC 6749 sections 4.1.2.1 and 5.2, RFC 7591 section 3.2.2). */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "access_denied"
  | "unsupported_response_type"
  | "temporarily_unavailable";

/**
 * An OAuth error (RFC 6749 section 5.2): the `error` code, a description naming the field and the
 * rule, and the HTTP status (400 for a bad request; 401 for a client that failed to authenticate;
 * 403 for a request from a page on another site; 415 for a registration that is not JSON; 429 for
 * a registration past a full table).
 *
 * @example
 * new OAuthError("invalid_scope", "scope: at most 1000 characters, got 1001").status // => 400
 */
export class OAuthError extends Error {
  override readonly name = "OAuthError";
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
    readonly status: 400 | 401 | 403 | 415 | 429 = 400,
  ) {
    super(message);
  }
}
