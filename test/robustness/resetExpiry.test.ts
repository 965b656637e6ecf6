// `/__mock/reset` sets the clock offset back to 0. What expires on the mock's clock (OAuth
// codes and tokens) must keep the lifetime it had left: a reset must never make an expired
// credential valid again, nor stretch a live one by the offset it dropped. In-process.
import { describe, expect, it } from "vitest";
import { keys, users } from "../../packages/mock-server/src/_test/testUniverse.ts";
import { makeMock } from "../../packages/mock-server/src/_test/makeMock.ts";
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from "../../packages/mock-server/src/oauth/OAuthServer.ts";

const REDIRECT = "http://127.0.0.1:9/callback";
const VERIFIER = "v".repeat(43);
const DAY_MS = 86_400_000;
const alice = users.find((u) => u.apiKey === keys.alice)!;

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function setup() {
  const m = makeMock();
  const form = (path: string, fields: Record<string, string>) =>
    m.app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const control = (path: string, body: unknown) =>
    m.app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  /** Registers a public client and signs Alice in: the client id and an authorization code. */
  const code = async () => {
    const registered = await m.app.request("/oauth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }),
    });
    expect(registered.status).toBe(201);
    const clientId = ((await registered.json()) as { client_id: string }).client_id;
    const approved = await form("/oauth/authorize", {
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      code_challenge: await s256(VERIFIER),
      code_challenge_method: "S256",
      user_id: alice.id,
    });
    expect(approved.status).toBe(302);
    return { clientId, code: new URL(approved.headers.get("location")!).searchParams.get("code")! };
  };
  const exchange = (clientId: string, authorizationCode: string) =>
    form("/oauth/token", {
      grant_type: "authorization_code",
      client_id: clientId,
      code: authorizationCode,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
  const tokens = async () => {
    const { clientId, code: c } = await code();
    const r = await exchange(clientId, c);
    expect(r.status).toBe(200);
    return { clientId, ...((await r.json()) as { access_token: string; refresh_token: string }) };
  };
  const strategiesWith = async (accessToken: string) =>
    (await m.app.request("/v1/strategies", { headers: { Authorization: `Bearer ${accessToken}` } })).status;
  const advance = async (ms: number) => expect((await control("/__mock/clock/advance", { ms })).status).toBe(200);
  const reset = async () => expect((await control("/__mock/reset", {})).status).toBe(200);
  return { m, form, code, exchange, tokens, strategiesWith, advance, reset };
}

describe("a reset keeps what expires on the mock's clock expired", () => {
  it("an access token expired by a fast-forward stays refused after the reset", async () => {
    const t = setup();
    const { access_token } = await t.tokens();
    expect(await t.strategiesWith(access_token)).toBe(200);
    await t.advance(ACCESS_TOKEN_TTL_MS + 60_000);
    await t.reset();
    expect(await t.strategiesWith(access_token)).toBe(401);
  });

  it("a refresh token and an authorization code expired by a fast-forward stay refused after the reset", async () => {
    const t = setup();
    const { clientId, refresh_token } = await t.tokens();
    const pending = await t.code();
    await t.advance(REFRESH_TOKEN_TTL_MS + 60_000);
    await t.reset();
    const refreshed = await t.form("/oauth/token", { grant_type: "refresh_token", client_id: clientId, refresh_token });
    expect(refreshed.status).toBe(400);
    expect(((await refreshed.json()) as { error: string }).error).toBe("invalid_grant");
    const exchanged = await t.exchange(pending.clientId, pending.code);
    expect(exchanged.status).toBe(400);
    expect(((await exchanged.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("a live access token keeps the lifetime it had left: a reset does not stretch it by the offset it drops", async () => {
    const t = setup();
    await t.advance(DAY_MS);
    const { access_token } = await t.tokens();
    await t.reset(); // the clock goes back a day
    expect(await t.strategiesWith(access_token)).toBe(200);
    t.m.clock.advance(ACCESS_TOKEN_TTL_MS - 60_000);
    expect(await t.strategiesWith(access_token)).toBe(200);
    t.m.clock.advance(2 * 60_000);
    expect(await t.strategiesWith(access_token)).toBe(401);
  });
});
