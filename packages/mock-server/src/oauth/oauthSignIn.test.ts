// The MCP server's OAuth 2.1 sign-in, driven by the MCP SDK's own client OAuth support (discovery
// from the 401, dynamic registration, PKCE, code exchange, refresh), over real HTTP.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type OAuthClientProvider, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keys, users } from "../_test/testUniverse.ts";
import { callOk, type McpMock, startMcpMock } from "../mcp/_test/startMcpMock.ts";

const REDIRECT = "http://127.0.0.1:9/callback";

/** An MCP client application's OAuth state, in memory, as the SDK asks a client to keep it. */
class MemoryProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  constructor(private readonly authMethod: "none" | "client_secret_post" = "none") {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      redirect_uris: [REDIRECT],
      client_name: "SDK test client <b>",
      token_endpoint_auth_method: this.authMethod,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    };
  }
  state() {
    return "state-123";
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

let mock: McpMock;
beforeAll(async () => {
  mock = await startMcpMock();
});
afterAll(async () => {
  await mock.close();
});

const alice = users.find((u) => u.apiKey === keys.alice)!;

/** What a person does on the sign-in page: read it, press "Sign in as <name>" (or Deny); answers the redirect. */
async function signIn(authorizationUrl: URL, choice: { userName: string } | "deny"): Promise<URL> {
  const page = await fetch(authorizationUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(
      name!,
      value!
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&#39;/g, "'"),
    );
  if (choice === "deny") form.set("decision", "deny");
  else {
    const button = new RegExp(`name="user_id" value="([^"]+)">Sign in as ${choice.userName}<`).exec(html);
    expect(button, `a button for ${choice.userName}`).not.toBeNull();
    form.set("user_id", button![1]!);
  }
  const answer = await fetch(new URL("/oauth/authorize", authorizationUrl), {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { Origin: authorizationUrl.origin },
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get("Location")!);
}

describe("MCP OAuth sign-in with the SDK's client", () => {
  it("discovers the server from the 401, registers, signs in with PKCE, and calls tools as the chosen user", async () => {
    const provider = new MemoryProvider();
    const first = new Client({ name: "oauth-test", version: "1" });
    await expect(
      first.connect(new StreamableHTTPClientTransport(mock.url, { authProvider: provider })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toMatch(/^thm_client_/);
    const url = provider.authorizationUrl!;
    expect(url.pathname).toBe("/oauth/authorize");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("resource")).toBe(mock.url.href);

    const page = await (await fetch(url)).text();
    expect(page).toContain("SDK test client &lt;b&gt;"); // the client's name, escaped
    for (const u of users.filter((x) => x.active)) expect(page).toContain(`Sign in as ${u.name}`);
    for (const u of users.filter((x) => !x.active)) expect(page).not.toContain(`Sign in as ${u.name}`);

    const back = await signIn(url, { userName: alice.name });
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe("state-123");
    const transport = new StreamableHTTPClientTransport(mock.url, { authProvider: provider });
    await transport.finishAuth(back.searchParams.get("code")!);
    expect(provider.saved?.access_token).toMatch(/^thm_oat_/);

    const client = new Client({ name: "oauth-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(mock.url, { authProvider: provider }));
    await client.listTools();
    const { strategies } = await callOk<{ strategies: Array<{ user_id: string }> }>(client, "list_strategies");
    expect(strategies.length).toBeGreaterThan(0);
    expect(strategies.every((s) => s.user_id === alice.id)).toBe(true);
    // The access token is a bearer credential of the REST API as well.
    const rest = await fetch(new URL("/v1/strategies", mock.url), {
      headers: { Authorization: `Bearer ${provider.saved!.access_token}` },
    });
    expect(rest.status).toBe(200);
    await client.close();

    // A code is single use: the SDK's exchange fails, and so does a plain request with it.
    const code = back.searchParams.get("code")!;
    await expect(
      new StreamableHTTPClientTransport(mock.url, { authProvider: provider }).finishAuth(code),
    ).rejects.toThrow();
    const again = await fetch(new URL("/oauth/token", mock.url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        code_verifier: provider.verifier,
        client_id: provider.info!.client_id,
        redirect_uri: REDIRECT,
      }),
    });
    expect(await again.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("refreshes an expired access token without asking the user again (and rotates the refresh token)", async () => {
    const provider = new MemoryProvider("client_secret_post");
    await expect(
      new Client({ name: "t", version: "1" }).connect(
        new StreamableHTTPClientTransport(mock.url, { authProvider: provider }),
      ),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_secret).toMatch(/^thm_secret_/);
    const back = await signIn(provider.authorizationUrl!, { userName: alice.name });
    await new StreamableHTTPClientTransport(mock.url, { authProvider: provider }).finishAuth(
      back.searchParams.get("code")!,
    );
    const before = provider.saved!;

    mock.clock.advance(2 * 60 * 60 * 1000); // the access token lives an hour of the mock's clock
    expect(
      (
        await fetch(new URL("/v1/strategies", mock.url), {
          headers: { Authorization: `Bearer ${before.access_token}` },
        })
      ).status,
    ).toBe(401);
    provider.authorizationUrl = undefined;
    const client = new Client({ name: "t", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(mock.url, { authProvider: provider }));
    expect(provider.authorizationUrl).toBeUndefined(); // no second sign-in
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    await callOk(client, "list_strategies");
    await client.close();

    // The used refresh token no longer works.
    const reuse = await fetch(new URL("/oauth/token", mock.url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: before.refresh_token!,
        client_id: provider.info!.client_id,
        client_secret: provider.info!.client_secret!,
      }),
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("sends the user back with access_denied when they deny", async () => {
    const provider = new MemoryProvider();
    await expect(
      new Client({ name: "t", version: "1" }).connect(
        new StreamableHTTPClientTransport(mock.url, { authProvider: provider }),
      ),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    const back = await signIn(provider.authorizationUrl!, "deny");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
  });
});

describe("OAuth endpoints", () => {
  const at = (path: string) => new URL(path, mock.url);
  const register = (body: unknown) =>
    fetch(at("/oauth/register"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("publish RFC 8414 and RFC 9728 metadata, and the MCP 401 points at the latter", async () => {
    const as = (await (await fetch(at("/.well-known/oauth-authorization-server"))).json()) as Record<string, unknown>;
    expect(as).toMatchObject({
      issuer: mock.url.origin,
      code_challenge_methods_supported: ["S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
    });
    const pr = (await (await fetch(at("/.well-known/oauth-protected-resource/v1/mcp"))).json()) as Record<
      string,
      unknown
    >;
    expect(pr).toMatchObject({ resource: mock.url.href, authorization_servers: [mock.url.origin] });
    const denied = await fetch(mock.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(denied.status).toBe(401);
    expect(denied.headers.get("WWW-Authenticate")).toMatch(
      /^Bearer realm="thematic-mock", resource_metadata="http:\/\/[^"]+\/\.well-known\/oauth-protected-resource\/v1\/mcp"$/,
    );
  });

  it("refuse bad registrations and authorization requests, naming the rule", async () => {
    expect(await (await register({ redirect_uris: [] })).json()).toMatchObject({ error: "invalid_redirect_uri" });
    expect(await (await register({ redirect_uris: ["javascript:alert(1)"] })).json()).toMatchObject({
      error: "invalid_redirect_uri",
      error_description: expect.stringMatching(/redirect_uris\[0\]/),
    });
    expect(
      await (await register({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "private_key_jwt" })).json(),
    ).toMatchObject({ error: "invalid_client_metadata" });
    const client = (await (
      await register({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" })
    ).json()) as { client_id: string };
    const authorize = (params: Record<string, string>) =>
      fetch(
        at(
          `/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: client.client_id, redirect_uri: REDIRECT, code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256", ...params })}`,
        ),
      );
    expect((await authorize({})).status).toBe(200);
    for (const [params, rule] of [
      [{ client_id: "nope" }, /unknown client_id/],
      [{ redirect_uri: "http://127.0.0.1:9/elsewhere" }, /redirect_uri must be one the client registered/],
      [{ code_challenge_method: "plain" }, /S256/],
      [{ code_challenge: "" }, /code_challenge is required/],
      [{ resource: "http://example.com/mcp" }, /resource must be/],
    ] as const) {
      const r = await authorize(params);
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error_description: string }).error_description).toMatch(rule);
    }
    // The sign-in form cannot be posted from another site.
    const cross = await fetch(at("/oauth/authorize"), {
      method: "POST",
      headers: { Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "user_id=x",
      redirect: "manual",
    });
    expect(cross.status).toBe(403);
    // The token endpoint wants a form, a known client and a matching verifier.
    const token = (body: string, type = "application/x-www-form-urlencoded") =>
      fetch(at("/oauth/token"), { method: "POST", headers: { "Content-Type": type }, body });
    expect(((await (await token("{}", "application/json")).json()) as { error: string }).error).toBe("invalid_request");
    expect((await token("grant_type=authorization_code&client_id=nope&code=x")).status).toBe(401);
    expect(await (await token(`grant_type=password&client_id=${client.client_id}`)).json()).toMatchObject({
      error: "unsupported_grant_type",
    });
    expect(
      await (
        await token(
          `grant_type=authorization_code&client_id=${client.client_id}&code=thm_code_x&code_verifier=${"a".repeat(43)}`,
        )
      ).json(),
    ).toMatchObject({ error: "invalid_grant" });
  });
});
