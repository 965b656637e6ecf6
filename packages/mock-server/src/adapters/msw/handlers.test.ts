import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectStrategyV1, expectStrategyV2 } from "../../_test/contractShapes.ts";
import { id, keys, testUniverse } from "../../_test/testUniverse.ts";
import { createManualClock } from "../../clock/ManualClock.ts";
import { createHandlers } from "./handlers.ts";

const clock = createManualClock(Date.UTC(2025, 5, 2));
const server = setupServer(
  ...createHandlers({ baseUrl: "https://api.thematic.test", universe: testUniverse, clock }),
  ...createHandlers({ baseUrl: "https://gateway.test/api/", universe: testUniverse, clock }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const auth = { Authorization: `Bearer ${keys.alice}`, "Content-Type": "application/json" };

describe("msw setupServer with plain fetch", () => {
  it("serves the API under the base URL", async () => {
    expect((await fetch("https://api.thematic.test/v1/health")).status).toBe(200);
    expect((await fetch("https://api.thematic.test/v1/strategies")).status).toBe(401);
    const list = await fetch("https://api.thematic.test/v1/strategies", { headers: auth });
    ((await list.json()) as unknown[]).forEach(expectStrategyV1);
  });

  it("runs the create → submit → poll flow", async () => {
    const created = await fetch("https://api.thematic.test/v1/strategies", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ name: "msw", objective: "quantum computing" }),
    });
    expect(created.status).toBe(201);
    const { id: sid } = (await created.json()) as { id: string };
    expect(
      (await fetch(`https://api.thematic.test/v1/strategies/${sid}/submit`, { method: "POST", headers: auth })).status,
    ).toBe(200);
    clock.advance(4000);
    const v2 = await fetch(`https://api.thematic.test/v2/strategies/${sid}`, { headers: auth });
    const s = (await v2.json()) as { status: number };
    expectStrategyV2(s);
    expect(s.status).toBe(100);
  });

  it("strips a path prefix of the base URL", async () => {
    expect((await fetch("https://gateway.test/api/v1/health")).status).toBe(200);
    expect(
      (await fetch(`https://gateway.test/api/v1/strategies/${id("alice-quantum")}`, { headers: auth })).status,
    ).toBe(200);
  });

  it("puts the prefix back into a redirect's Location (the factsheet's 302 to its PDF)", async () => {
    const factsheet = `https://gateway.test/api/v2/strategies/${id("alice-quantum")}/factsheet`;
    expect((await fetch(factsheet, { method: "POST", headers: auth, body: "{}" })).status).toBe(200);
    clock.advance(4000);
    const redirect = await fetch(factsheet, { headers: auth, redirect: "manual" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toMatch(
      /^https:\/\/gateway\.test\/api\/v2\/strategies\/[^/]+\/factsheet\.pdf\?versionId=/,
    );
    const pdf = await fetch(factsheet, { headers: auth });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });
});
