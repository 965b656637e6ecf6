import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { runOk } from "./_support/npmEnv.ts";

const ctx = inject("packaging");

describe("@thematic/mock-server/msw/node from the installed package", () => {
  it("answers plain fetch calls in a user's Node test, with the fixtures, auth and state", async () => {
    const script = `
      import { setupMockServer } from "@thematic/mock-server/msw/node";
      const base = "https://api.example.test";
      const server = setupMockServer({ baseUrl: base });
      server.listen({ onUnhandledRequest: "error" });
      const key = "thm_ines_63e54a1cde00f20d";
      const call = async (path, init = {}) => { const r = await fetch(base + path, init); return [r.status, await r.json()]; };
      const [healthStatus, health] = await call("/v1/health");
      const [premadeStatus, premade] = await call("/v1/premade-strategies", { headers: { Authorization: "Bearer " + key } });
      const [anonStatus, anon] = await call("/v1/premade-strategies");
      const [createdStatus] = await call("/v1/strategies", { method: "POST", headers: { Authorization: "Bearer " + key, "Content-Type": "application/json" }, body: JSON.stringify({ name: "msw node", objective: "water utilities" }) });
      const [, mine] = await call("/v1/strategies", { headers: { Authorization: "Bearer " + key } });
      server.close();
      console.log(JSON.stringify({ healthStatus, health, premadeStatus, premade: premade.length, anonStatus, anon, createdStatus, mine: mine.map((s) => s.name) }));
    `;
    writeFileSync(join(ctx.project, "msw-node-check.mjs"), script);
    const { stdout } = await runOk("node msw-node-check.mjs", ctx.project);
    const r = JSON.parse(stdout) as Record<string, unknown>;
    expect(r.healthStatus).toBe(200);
    expect(r.health).toEqual({ status: "OK", message: "Service is running" });
    expect(r.premadeStatus).toBe(200);
    expect(r.premade).toBe(18);
    expect(r.anonStatus).toBe(401);
    expect(r.anon).toEqual({ error: expect.any(String) });
    expect(r.createdStatus).toBe(201);
    expect(r.mine).toContain("msw node");
  });
});
