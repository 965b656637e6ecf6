import { ApiError } from "../errors/ApiError.ts";
import type { Caller } from "../context/ServiceContext.ts";
import type { UserRecord } from "../store/StoreState.ts";

const CHALLENGE = 'Bearer realm="thematic-mock"';

/**
 * The caller identified by an `Authorization` header value (docs/parity.md#authentication): exactly
 * `Bearer <key>` (scheme case-insensitive) with the key of an active user, or an OAuth access
 * token that `accessToken` resolves to one (the MCP sign-in, `oauth/`).
 *
 * @param header the raw header value, undefined when absent
 * @param users the known users
 * @param accessToken resolves an OAuth access token to its caller (undefined: unknown or expired)
 * @throws ApiError 401 (with `WWW-Authenticate: Bearer ...`) when the header is missing or
 *   malformed, the key unknown, or the account inactive
 * @example
 * authenticate("Bearer key-alice", users) // => { userId: "…alice's id…" }
 */
export function authenticate(
  header: string | undefined,
  users: readonly UserRecord[],
  accessToken?: (token: string) => Caller | undefined,
): Caller {
  if (header === undefined || header.trim() === "") {
    throw unauthorized("missing Authorization header (expected: Bearer <API key>)", CHALLENGE);
  }
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (match === null) {
    throw unauthorized(
      "malformed Authorization header (expected: Bearer <API key>)",
      `${CHALLENGE}, error="invalid_request"`,
    );
  }
  const key = match[1] ?? "";
  const user = users.find((u) => u.apiKey === key) ?? userOfToken(key, users, accessToken);
  if (user === undefined) throw unauthorized("invalid API key or access token", `${CHALLENGE}, error="invalid_token"`);
  if (!user.active) throw unauthorized("account is inactive", `${CHALLENGE}, error="invalid_token"`);
  return { userId: user.id };
}

function unauthorized(message: string, challenge: string): ApiError {
  return new ApiError(401, message, { headers: { "WWW-Authenticate": challenge } });
}

/** The user an OAuth access token stands for (looked up once), or undefined. */
function userOfToken(
  key: string,
  users: readonly UserRecord[],
  accessToken: ((token: string) => Caller | undefined) | undefined,
): UserRecord | undefined {
  const caller = accessToken?.(key);
  return caller === undefined ? undefined : users.find((u) => u.id === caller.userId);
}
