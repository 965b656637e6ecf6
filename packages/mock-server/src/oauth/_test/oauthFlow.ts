// Test helpers: the OAuth sign-in driven in process against a test mock (registration, the
// sign-in page's POST, the token endpoint), with one fixed PKCE verifier and its S256 challenge.
import { expect } from "vitest";
import type { makeMock } from "../../_test/makeMock.ts";

/** A PKCE code verifier and its S256 challenge (base64url of its SHA-256, computed once with node:crypto). */
export const VERIFIER = "dBjftJeZ4CVP-mJ92K9hAVZXIy8zJOmsPQqjJyQHc4k";
export const CHALLENGE = "Nl5D96bsSS8OlvKtTgIMQCRN2S-tHEPPo4LzvS_6E3k";
export const REDIRECT = "http://127.0.0.1:9/callback";
/** The origin `app.request` gives a relative path. */
export const OWN_ORIGIN = "http://localhost";

export interface Tokens {
  access_token: string;
  refresh_token: string;
  scope: string;
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** The OAuth endpoints of `mock`, as an MCP client and a person on the sign-in page use them. */
export function oauthFlow(mock: ReturnType<typeof makeMock>) {
  const app = mock.app;
  const register = (
    metadata: unknown = { redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" },
    headers: Record<string, string> = {},
  ) =>
    Promise.resolve(
      app.request("/oauth/register", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(metadata),
      }),
    );
  const registered = async (headers: Record<string, string> = {}): Promise<string> => {
    const r = await register(undefined, headers);
    expect(r.status).toBe(201);
    return ((await r.json()) as { client_id: string }).client_id;
  };
  const authorizeParams = (clientId: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: CHALLENGE,
      code_challenge_method: "S256",
      state: "s",
      ...extra,
    });
  /** The sign-in page (GET /oauth/authorize). */
  const page = (clientId: string, extra: Record<string, string> = {}) =>
    Promise.resolve(app.request(`/oauth/authorize?${authorizeParams(clientId, extra)}`));
  /** The sign-in page's form posted for `userId` (POST /oauth/authorize). */
  const approve = (clientId: string, userId: string, extra: Record<string, string> = {}) =>
    Promise.resolve(
      app.request("/oauth/authorize", {
        method: "POST",
        headers: { ...FORM, Origin: OWN_ORIGIN },
        body: authorizeParams(clientId, { user_id: userId, ...extra }),
      }),
    );
  const code = async (clientId: string, userId: string, extra: Record<string, string> = {}): Promise<string> => {
    const r = await approve(clientId, userId, extra);
    expect(r.status).toBe(302);
    return new URL(r.headers.get("Location")!).searchParams.get("code")!;
  };
  const token = (form: Record<string, string>) =>
    Promise.resolve(app.request("/oauth/token", { method: "POST", headers: FORM, body: new URLSearchParams(form) }));
  const exchange = (clientId: string, theCode: string) =>
    token({
      grant_type: "authorization_code",
      client_id: clientId,
      code: theCode,
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
    });
  const refresh = (clientId: string, refreshToken: string) =>
    token({ grant_type: "refresh_token", client_id: clientId, refresh_token: refreshToken });
  const tokensOf = async (r: Response): Promise<Tokens> => {
    expect(r.status).toBe(200);
    return (await r.json()) as Tokens;
  };
  /** A whole sign-in of `userId` through `clientId`: its tokens. */
  const signIn = async (clientId: string, userId: string, extra: Record<string, string> = {}): Promise<Tokens> =>
    tokensOf(await exchange(clientId, await code(clientId, userId, extra)));
  /** The status of a REST call with the access token: 200 while it is live, 401 once it is not. */
  const use = async (accessToken: string): Promise<number> =>
    (await app.request("/v1/strategies", { headers: { Authorization: `Bearer ${accessToken}` } })).status;
  return {
    register,
    registered,
    authorizeParams,
    page,
    approve,
    code,
    token,
    exchange,
    refresh,
    tokensOf,
    signIn,
    use,
  };
}
