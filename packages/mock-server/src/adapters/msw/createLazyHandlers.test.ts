import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keys, testUniverse } from "../../_test/testUniverse.ts";
import { createLazyHandlers } from "./createLazyHandlers.ts";

// The fixture files served over HTTP, as a frontend's dev server serves them; `missing` makes one
// of them answer 404 until it is cleared.
const data = join(import.meta.dirname, "..", "..", "..", "..", "..", "fixtures", "data");
const requested: string[] = [];
let missing: string | undefined = "price-model.json";
const files: Server = createServer((req, res) => {
  const name = (req.url ?? "").replace(/^\/fixtures\//, "");
  requested.push(name);
  if (name === missing || !/^[a-z-]+\.json$/.test(name)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "Content-Type": "application/json" }).end(readFileSync(join(data, name)));
});
let dataUrl = "";

const server = setupServer();
beforeAll(async () => {
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  dataUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/fixtures/`;
  server.listen({ onUnhandledRequest: "bypass" });
});
afterAll(async () => {
  server.close();
  await new Promise((resolve) => files.close(resolve));
});

const auth = { Authorization: `Bearer ${keys.alice}` };

describe("createLazyHandlers (what setupMockWorker serves in a page)", () => {
  it("builds nothing and fetches nothing until the first request", async () => {
    server.use(...createLazyHandlers({ baseUrl: "https://lazy.test/api", dataUrl }));
    expect(requested).toEqual([]);
    missing = "price-model.json";
    const failed = await fetch("https://lazy.test/api/v1/health");
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("1");
    expect(await failed.json()).toEqual({ error: expect.stringContaining(`${dataUrl}price-model.json answered 404`) });
    expect(requested).toHaveLength(9);
    // The next request builds again, now that the file is there, and every file is fetched once more.
    missing = undefined;
    const [health, premade] = await Promise.all([
      fetch("https://lazy.test/api/v1/health"),
      fetch("https://lazy.test/api/v1/premade-strategies", {
        headers: { Authorization: "Bearer thm_ines_63e54a1cde00f20d" },
      }),
    ]);
    expect(await health.json()).toEqual({ status: "OK", message: "Service is running" });
    expect(((await premade.json()) as unknown[]).length).toBe(18);
    expect(requested).toHaveLength(18);
    await fetch("https://lazy.test/api/v1/health");
    expect(requested).toHaveLength(18);
  });

  it("with `universe` fetches no file, and keeps the base URL's prefix in redirects", async () => {
    server.resetHandlers(...createLazyHandlers({ baseUrl: "https://given.test/api/", universe: testUniverse }));
    const before = requested.length;
    expect((await fetch("https://given.test/api/v1/strategies", { headers: auth })).status).toBe(200);
    expect((await fetch("https://given.test/api/v1/strategies")).status).toBe(401);
    expect(requested.length).toBe(before);
  });

  it("refuses a base URL that is not absolute at once", () => {
    expect(() => createLazyHandlers({ baseUrl: "localhost:4010", universe: testUniverse })).toThrow(
      /baseUrl must be an absolute http\(s\) URL such as "http:\/\/localhost:4010"/,
    );
    expect(() => createLazyHandlers({ baseUrl: "/api", universe: testUniverse })).toThrow(TypeError);
  });
});
