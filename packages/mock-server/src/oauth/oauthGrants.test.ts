// What the token endpoint keeps per user, and what it revokes when a code or a rotated refresh
// token comes back (RFC 9700 sections 2.1.1 and 4.14.2).
import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";
import { id } from "../_test/testUniverse.ts";
import { LIMITS } from "../schemas/limits.ts";
import { oauthFlow, type Tokens } from "./_test/oauthFlow.ts";

const alice = id("alice");
const bob = id("bob");

describe("sign-ins kept per user", () => {
  it(`another user's 1,000 sign-ins leave a user's tokens alone; a user's own keep the newest ${LIMITS.OAUTH_SIGN_INS_PER_USER_MAX}`, async () => {
    const oauth = oauthFlow(makeMock());
    const client = await oauth.registered();
    const bobs = await oauth.signIn(client, bob);
    const alices: Tokens[] = [];
    for (let i = 0; i < 1000; i++) alices.push(await oauth.signIn(client, alice));
    expect(await oauth.use(bobs.access_token)).toBe(200);
    expect((await oauth.refresh(client, bobs.refresh_token)).status).toBe(200);

    const kept = alices.length - LIMITS.OAUTH_SIGN_INS_PER_USER_MAX;
    expect(await oauth.use(alices[kept]!.access_token)).toBe(200);
    expect(await oauth.use(alices.at(-1)!.access_token)).toBe(200);
    expect(await oauth.use(alices[kept - 1]!.access_token)).toBe(401);
    expect(await oauth.use(alices[0]!.access_token)).toBe(401);
    expect(await body(await oauth.refresh(client, alices[kept - 1]!.refresh_token))).toMatchObject({
      error: "invalid_grant",
    });
  });

  it("a pending code counts as a sign-in of its user: a user's codes evict only that user's oldest", async () => {
    const oauth = oauthFlow(makeMock());
    const client = await oauth.registered();
    const bobsCode = await oauth.code(client, bob);
    const alicesCodes: string[] = [];
    for (let i = 0; i < 1000; i++) alicesCodes.push(await oauth.code(client, alice));
    expect((await oauth.exchange(client, bobsCode)).status).toBe(200);
    expect(await body(await oauth.exchange(client, alicesCodes[0]!))).toMatchObject({ error: "invalid_grant" });
    expect((await oauth.exchange(client, alicesCodes.at(-1)!)).status).toBe(200);
  });
});

describe("replays revoke what they issued", () => {
  it("a replayed authorization code revokes the tokens issued from it, and nothing else", async () => {
    const oauth = oauthFlow(makeMock());
    const client = await oauth.registered();
    const other = await oauth.signIn(client, alice);
    const code = await oauth.code(client, alice);
    const issued = await oauth.tokensOf(await oauth.exchange(client, code));
    expect(await oauth.use(issued.access_token)).toBe(200);

    const replay = await oauth.exchange(client, code);
    expect(replay.status).toBe(400);
    expect(await body(replay)).toMatchObject({
      error: "invalid_grant",
      error_description: expect.stringMatching(/already used.*revoked/),
    });
    expect(await oauth.use(issued.access_token)).toBe(401);
    expect(await body(await oauth.refresh(client, issued.refresh_token))).toMatchObject({ error: "invalid_grant" });
    expect(await oauth.use(other.access_token)).toBe(200);
  });

  it("a reused rotated refresh token revokes the whole token family, and nothing else", async () => {
    const oauth = oauthFlow(makeMock());
    const client = await oauth.registered();
    const other = await oauth.signIn(client, alice);
    const first = await oauth.signIn(client, alice);
    const second = await oauth.tokensOf(await oauth.refresh(client, first.refresh_token));
    const third = await oauth.tokensOf(await oauth.refresh(client, second.refresh_token));
    expect(await oauth.use(first.access_token)).toBe(401); // a refresh retires the previous access token
    expect(await oauth.use(third.access_token)).toBe(200);

    const reuse = await oauth.refresh(client, first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(await body(reuse)).toMatchObject({
      error: "invalid_grant",
      error_description: expect.stringMatching(/already used.*revoked/),
    });
    expect(await oauth.use(third.access_token)).toBe(401);
    expect(await body(await oauth.refresh(client, third.refresh_token))).toMatchObject({ error: "invalid_grant" });
    expect(await oauth.use(other.access_token)).toBe(200);
    expect((await oauth.refresh(client, other.refresh_token)).status).toBe(200);
  });

  it("another client's refresh token is refused without revoking it", async () => {
    const oauth = oauthFlow(makeMock());
    const mine = await oauth.registered();
    const theirs = await oauth.registered();
    const tokens = await oauth.signIn(mine, alice);
    expect(await body(await oauth.refresh(theirs, tokens.refresh_token))).toMatchObject({ error: "invalid_grant" });
    expect(await oauth.use(tokens.access_token)).toBe(200);
    expect((await oauth.refresh(mine, tokens.refresh_token)).status).toBe(200);
  });
});
