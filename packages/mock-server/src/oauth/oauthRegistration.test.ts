// Dynamic client registration (POST /oauth/register): refused cross-site, capped per origin, and
// never at the cost of a client that holds a live sign-in.
import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";
import { id } from "../_test/testUniverse.ts";
import { LIMITS } from "../schemas/limits.ts";
import { OWN_ORIGIN, oauthFlow, REDIRECT } from "./_test/oauthFlow.ts";

const alice = id("alice");
const bob = id("bob");
const METADATA = { redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" };

describe("client registration from a web page", () => {
  it("refuses a body a page can send without a preflight (text/plain, a form) with 415", async () => {
    const oauth = oauthFlow(makeMock());
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const r = await oauth.register(METADATA, { "Content-Type": type });
      expect(r.status, type).toBe(415);
      expect(await body(r)).toMatchObject({
        error: "invalid_client_metadata",
        error_description: expect.stringMatching(/Content-Type: application\/json/),
      });
    }
    expect((await oauth.register(METADATA, { "Content-Type": "application/json; charset=utf-8" })).status).toBe(201);
  });

  it("refuses a foreign Origin and a cross-site fetch with 403; accepts its own origin, the allow-list and tools without an Origin", async () => {
    const oauth = oauthFlow(makeMock());
    const refused = await oauth.register(METADATA, { Origin: "https://evil.example" });
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({
      error: "access_denied",
      error_description: expect.stringContaining('"https://evil.example"'),
    });
    expect((await oauth.register(METADATA, { Origin: "null" })).status).toBe(403);
    expect((await oauth.register(METADATA, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect(
      (await oauth.register(METADATA, { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" })).status,
    ).toBe(403);

    expect((await oauth.register(METADATA, { Origin: OWN_ORIGIN, "Sec-Fetch-Site": "same-origin" })).status).toBe(201);
    expect(
      (await oauth.register(METADATA, { Origin: "http://localhost:5173", "Sec-Fetch-Site": "cross-site" })).status,
    ).toBe(201); // the default allow-list: loopback pages
    expect((await oauth.register(METADATA)).status).toBe(201);
    const configured = oauthFlow(makeMock({ corsOrigins: ["https://studio.example"] }));
    expect((await configured.register(METADATA, { Origin: "https://studio.example" })).status).toBe(201);
    expect((await configured.register(METADATA, { Origin: "http://localhost:5173" })).status).toBe(403);
  });
});

describe("registration capacity", () => {
  it("1,000 registrations from one requester leave a signed-in client able to refresh", async () => {
    const mock = makeMock();
    const oauth = oauthFlow(mock);
    const signedIn = await oauth.registered();
    const tokens = await oauth.signIn(signedIn, alice);
    for (let i = 0; i < 1000; i++) expect((await oauth.register()).status).toBe(201);
    const refreshed = await oauth.refresh(signedIn, tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(await oauth.use(((await refreshed.json()) as { access_token: string }).access_token)).toBe(200);
  });

  it(`caps one origin at ${LIMITS.OAUTH_CLIENTS_PER_ORIGIN_MAX} clients: its idle clients go first, other origins' clients stay, and a full origin is refused with 429`, async () => {
    const oauth = oauthFlow(makeMock());
    const page = { Origin: "http://localhost:5173" };
    const other = await oauth.registered({ Origin: "http://127.0.0.1:3000" });
    const withoutOrigin = await oauth.registered();
    const signedIn = await oauth.registered(page);
    const tokens = await oauth.signIn(signedIn, alice);
    const idle = await oauth.registered(page);
    for (let i = 0; i < LIMITS.OAUTH_CLIENTS_PER_ORIGIN_MAX; i++)
      expect((await oauth.register(undefined, page)).status).toBe(201);
    expect(await body(await oauth.page(idle))).toMatchObject({ error: "invalid_client" }); // the page's oldest idle client was evicted
    expect((await oauth.page(other)).status).toBe(200);
    expect((await oauth.page(withoutOrigin)).status).toBe(200);
    expect((await oauth.refresh(signedIn, tokens.refresh_token)).status).toBe(200);

    // Every one of the page's clients signed in: the next registration is refused, naming the limit.
    const ids = [signedIn];
    for (let i = 0; i < LIMITS.OAUTH_CLIENTS_PER_ORIGIN_MAX - 1; i++) ids.push(await oauth.registered(page)); // evicts the idle ones registered above
    for (const [i, client] of ids.entries())
      if (client !== signedIn) await oauth.signIn(client, i % 2 === 0 ? alice : bob);
    const full = await oauth.register(undefined, page);
    expect(full.status).toBe(429);
    expect(await body(full)).toMatchObject({
      error: "temporarily_unavailable",
      error_description: expect.stringContaining(`${LIMITS.OAUTH_CLIENTS_PER_ORIGIN_MAX}`),
    });
    for (const client of ids) expect((await oauth.page(client)).status).toBe(200);
    expect((await oauth.register()).status).toBe(201); // a tool without an Origin is not that page
  });
});
