// Every OAuth value the mock stores or echoes has a documented bound (LIMITS.OAUTH_*); over it,
// the OAuth error format names the field and the limit, and nothing is stored.
import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";
import { id } from "../_test/testUniverse.ts";
import { LIMITS } from "../schemas/limits.ts";
import { oauthFlow, REDIRECT } from "./_test/oauthFlow.ts";

const alice = id("alice");
/** A value far over every limit, well under the 1 MiB body limit of a form that carries it. */
const BIG = 512 * 1024;

describe("OAuth field limits", () => {
  it(`refuses a scope over ${LIMITS.OAUTH_SCOPE_MAX} characters, or outside RFC 6749's scope syntax, with invalid_scope on the page and on its form`, async () => {
    const oauth = oauthFlow(makeMock());
    const client = await oauth.registered();
    const longest = Array.from({ length: LIMITS.OAUTH_SCOPE_MAX / 10 }, (_, i) => `scope${String(i).padStart(4, "0")}`)
      .join(" ")
      .padEnd(LIMITS.OAUTH_SCOPE_MAX, "x");
    expect(longest).toHaveLength(LIMITS.OAUTH_SCOPE_MAX);
    expect((await oauth.page(client, { scope: longest })).status).toBe(200);
    expect((await oauth.signIn(client, alice, { scope: longest })).scope).toBe(longest);
    for (const scope of [`${longest}x`, "m".repeat(BIG)]) {
      for (const r of [await oauth.page(client, { scope }), await oauth.approve(client, alice, { scope })]) {
        expect(r.status).toBe(400);
        expect(await body(r)).toEqual({
          error: "invalid_scope",
          error_description: `scope: at most ${LIMITS.OAUTH_SCOPE_MAX} characters, got ${scope.length}`,
        });
      }
    }
    for (const scope of ['mcp "quoted"', "mcp\\", "mcp\u0000", "mcp  read", " mcp", "mcp\u00e9"]) {
      const r = await oauth.page(client, { scope });
      expect(r.status, JSON.stringify(scope)).toBe(400);
      expect(await body(r)).toMatchObject({
        error: "invalid_scope",
        error_description: expect.stringMatching(/^scope: /),
      });
    }
  });

  it(`refuses a state over ${LIMITS.OAUTH_STATE_MAX} characters and a resource over ${LIMITS.OAUTH_RESOURCE_MAX} with invalid_request naming the field`, async () => {
    const oauth = oauthFlow(makeMock());
    const client = await oauth.registered();
    expect((await oauth.page(client, { state: "s".repeat(LIMITS.OAUTH_STATE_MAX) })).status).toBe(200);
    for (const r of [
      await oauth.page(client, { state: "s".repeat(BIG) }),
      await oauth.approve(client, alice, { state: "s".repeat(LIMITS.OAUTH_STATE_MAX + 1) }),
    ]) {
      expect(r.status).toBe(400);
      expect(await body(r)).toMatchObject({
        error: "invalid_request",
        error_description: expect.stringMatching(
          new RegExp(`^state: at most ${LIMITS.OAUTH_STATE_MAX} characters, got \\d+$`),
        ),
      });
    }
    // A trailing slash is the same resource; 100,000 of them are not kept (they passed as the same resource).
    expect((await oauth.page(client, { resource: "http://localhost/v1/mcp/" })).status).toBe(200);
    const r = await oauth.approve(client, alice, { resource: `http://localhost/v1/mcp${"/".repeat(100_000)}` });
    expect(r.status).toBe(400);
    expect(await body(r)).toMatchObject({
      error: "invalid_request",
      error_description: `resource: at most ${LIMITS.OAUTH_RESOURCE_MAX} characters, got ${100_000 + 23}`,
    });
  });

  it("bounds what registration stores and echoes: client_name, redirect_uris, grant_types, and quotes of refused values", async () => {
    const oauth = oauthFlow(makeMock());
    const refused = async (metadata: Record<string, unknown>, error: string, description: RegExp) => {
      const r = await oauth.register({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", ...metadata });
      expect(r.status).toBe(400);
      const answer = await body<{ error: string; error_description: string }>(r);
      expect(answer).toMatchObject({ error, error_description: expect.stringMatching(description) });
      expect(answer.error_description.length).toBeLessThan(400);
    };
    await refused(
      { client_name: "n".repeat(LIMITS.OAUTH_CLIENT_NAME_MAX + 1) },
      "invalid_client_metadata",
      new RegExp(`^client_name: .*at most ${LIMITS.OAUTH_CLIENT_NAME_MAX} characters`),
    );
    await refused(
      { redirect_uris: Array(LIMITS.OAUTH_REDIRECT_URIS_MAX_COUNT + 1).fill(REDIRECT) },
      "invalid_redirect_uri",
      new RegExp(`^redirect_uris: .*1 to ${LIMITS.OAUTH_REDIRECT_URIS_MAX_COUNT}`),
    );
    await refused(
      { redirect_uris: [`${REDIRECT}?${"q".repeat(LIMITS.OAUTH_REDIRECT_URI_MAX)}`] },
      "invalid_redirect_uri",
      new RegExp(`^redirect_uris\\[0\\]: .*at most ${LIMITS.OAUTH_REDIRECT_URI_MAX} characters`),
    );
    await refused(
      { grant_types: Array(BIG / 32).fill("authorization_code") },
      "invalid_client_metadata",
      /^grant_types: /,
    );
    await refused(
      { token_endpoint_auth_method: "x".repeat(BIG) },
      "invalid_client_metadata",
      /^token_endpoint_auth_method: /,
    );
    const ok = await oauth.register({
      redirect_uris: [REDIRECT],
      client_name: "n".repeat(LIMITS.OAUTH_CLIENT_NAME_MAX),
      grant_types: ["refresh_token", "authorization_code"],
    });
    expect(ok.status).toBe(201);
    expect(await body(ok)).toMatchObject({ grant_types: ["refresh_token", "authorization_code"] });
  });
});
