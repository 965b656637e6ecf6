import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../adapters/node/startServer.ts";
import { loadDefaultUniverse } from "../app/loadDefaultUniverse.ts";
import { inlineSolverRunner } from "../services/optimize/inlineSolverRunner.ts";
import type { RecordedExchange } from "./RecordedExchange.ts";

const universe = loadDefaultUniverse();
const caller = universe.users[0]!.apiKey;
const otherUser = universe.users[1]!.apiKey;

/** Secrets the fake upstream hands out, one per place the recording used to keep them. */
const SECRETS = {
  textIdToken: "idtok-text-5b1e77aa",
  brokenSessionToken: "sess-broken-91c2f0",
  locationSignature: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
  locationCode: "authcode-77f1a2",
  authToken: "auth-json-3a9b8c",
  secretKey: "seckey-json-12ab34",
  apiKeys: "apikeys-json-55aa66",
  passwd: "passwd-json-88cc99",
  cookie: "cookie-val-4d4d4d",
  querySecret: "client-secret-q-2e2e",
};

let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path === "/v1/text") {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.end(`id_token=${SECRETS.textIdToken}\nissued to ${otherUser}\n`);
    } else if (path === "/v1/broken") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(`{"session_token": "${SECRETS.brokenSessionToken}", "owner_key": "${otherUser}", `);
    } else if (path === "/v1/redirect") {
      res.writeHead(302, {
        Location: `https://files.example.com/a.pdf?expires=1&signature=${SECRETS.locationSignature}&code=${SECRETS.locationCode}`,
      });
      res.end();
    } else {
      res.writeHead(200, {
        "Content-Type": "application/json",
        "Set-Cookie": `sid=${SECRETS.cookie}; Path=/; HttpOnly`,
      });
      res.end(
        JSON.stringify({
          data: [
            {
              auth_token: SECRETS.authToken,
              secret_key: SECRETS.secretKey,
              api_keys: [SECRETS.apiKeys],
              passwd: SECRETS.passwd,
              note: `shared with ${otherUser}`,
              keywords: "water",
            },
          ],
        }),
      );
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
});

describe("--proxy --record", () => {
  it("saves no secret of any kind: text and unparsable bodies, Location, cookies, query parameters, the caller's and another user's key", async () => {
    const dir = mkdtempSync(join(tmpdir(), "thematic-redact-"));
    const proxy = await startServer({
      port: 0,
      universe,
      quiet: true,
      solver: inlineSolverRunner,
      proxyUrl: upstreamUrl,
      recordDir: dir,
    });
    try {
      const headers = { Authorization: `Bearer ${caller}` };
      for (const path of [
        "/v1/text",
        "/v1/broken",
        "/v1/redirect",
        `/v1/json?client_secret=${SECRETS.querySecret}&page=2`,
      ]) {
        const response = await fetch(`${proxy.url}${path}`, { headers, redirect: "manual" });
        await response.arrayBuffer();
      }
    } finally {
      await proxy.close();
    }
    const files = readdirSync(dir);
    expect(files).toHaveLength(4);
    const recordings = files.map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as RecordedExchange);
    const bodies = recordings.map((r) =>
      r.response.bodyBase64 === undefined ? "" : Buffer.from(r.response.bodyBase64, "base64").toString("utf8"),
    );
    const everything = [...files, ...files.map((f) => readFileSync(join(dir, f), "utf8")), ...bodies].join("\n");
    rmSync(dir, { recursive: true, force: true });
    const kept = Object.entries({ ...SECRETS, caller, otherUser })
      .filter(([, secret]) => everything.includes(secret))
      .map(([name]) => name);
    expect(kept).toEqual([]);
    expect(everything).toContain('"keywords": "water"');
    const redirect = recordings.find((r) => r.request.path === "/v1/redirect")!;
    expect(redirect.response.location).toBe(
      "https://files.example.com/a.pdf?expires=1&signature=[redacted]&code=[redacted]",
    );
  }, 60_000);
});
