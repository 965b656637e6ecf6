// The client's flows over one transport: the asynchronous build, optimize's retry on 202, every
// error status the API uses, and cancellation.
import { isThematicApiError, ThematicApiError } from "@thematic/client";
import { beforeEach, describe, expect, it } from "vitest";
import { describeOver, type Harness } from "./harness.ts";
import type { Transport } from "./transports.ts";

const path = (id: string) => ({ params: { path: { id } } });
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const fast = { initialDelayMs: 1, maxDelayMs: 5 };

export function describeFlows(transport: Transport): void {
  describeOver("@thematic/client flows", transport, (harness) => {
    let h: Harness;
    beforeEach(() => {
      h = harness();
    });

    describe("the asynchronous build", () => {
      it("waitForBuild polls until 100 (the build ends, through the control surface, after the second poll)", async () => {
        const created = await h.createStrategy();
        await h.ines.post("/v1/strategies/{id}/submit", path(created.id));
        const seen: number[] = [];
        const built = await h.ines.waitForBuild(created.id, {
          ...fast,
          onPoll: async (s) => {
            seen.push(s.status);
            if (seen.length === 2) await h.anon.post("/__mock/builds/complete");
          },
        });
        expect(built.status).toBe(100);
        expect(seen.length).toBeGreaterThanOrEqual(3);
        expect(seen.slice(0, 2).every((s) => s >= 0 && s < 100)).toBe(true);
      });

      it("waitForBuild follows the clock: advancing it past the build's duration ends the build", async () => {
        const created = await h.createStrategy();
        await h.ines.post("/v1/strategies/{id}/submit", path(created.id));
        const { buildDurationMs } = await h.anon.get("/__mock/state");
        const built = await h.ines.waitForBuild(created.id, {
          ...fast,
          onPoll: () => void h.anon.post("/__mock/clock/advance", { body: { ms: Math.ceil(buildDurationMs / 3) } }),
        });
        expect(built.status).toBe(100);
      });

      it("waitForBuild returns a failed build (-1) instead of polling forever", async () => {
        const created = await h.createStrategy();
        await h.anon.put("/__mock/strategies/{id}/next-build", { ...path(created.id), body: { outcome: -1 } });
        await h.ines.post("/v1/strategies/{id}/submit", path(created.id));
        const done = h.ines.waitForBuild(created.id, fast);
        await h.anon.post("/__mock/builds/complete");
        expect((await done).status).toBe(-1);
      });

      it("optimize answers 202 while the build runs; client.optimize waits for the build and retries", async () => {
        const created = await h.createStrategy();
        await h.ines.post("/v1/strategies/{id}/submit", path(created.id));
        const notReady = await h.ines.post("/v1/strategies/{id}/optimize", path(created.id)).catch((e: unknown) => e);
        expect(notReady).toBeInstanceOf(ThematicApiError);
        expect(notReady).toMatchObject({ status: 202, method: "POST", path: `/v1/strategies/${created.id}/optimize` });
        let polls = 0;
        const result = await h.ines.optimize(
          created.id,
          { query: { maxWeight: 0.25 } },
          { ...fast, onPoll: () => void (++polls === 1 && h.anon.post("/__mock/builds/complete")) },
        );
        expect(polls).toBeGreaterThanOrEqual(2);
        expect(result.portfolio.length).toBeGreaterThan(0);
        expect(result.portfolio.every((c) => c.weight <= 0.25 + 1e-9)).toBe(true);
      });

      it("optimizedPortfolio waits the same way, and a failed build ends in the service's 409", async () => {
        const created = await h.createStrategy();
        await h.anon.put("/__mock/strategies/{id}/next-build", { ...path(created.id), body: { outcome: -1 } });
        await h.ines.post("/v1/strategies/{id}/submit", path(created.id));
        const failed = h.ines.optimizedPortfolio(
          created.id,
          {},
          { ...fast, onPoll: () => void h.anon.post("/__mock/builds/complete") },
        );
        await expect(failed).rejects.toMatchObject({ name: "ThematicApiError", status: 409 });
      });
    });

    describe("errors: one type, the status and the service's {error}", () => {
      it("401 without a key and with an inactive user's key", async () => {
        for (const client of [h.anon, h.dana]) {
          const error = await client.get("/v1/strategies").catch((e: unknown) => e);
          expect(isThematicApiError(error, 401)).toBe(true);
          expect((error as ThematicApiError).error.length).toBeGreaterThan(0);
          expect((error as ThematicApiError).message).toMatch(/^GET \/v1\/strategies → 401: /);
        }
      });

      it("403 when another user changes a public strategy they can see", async () => {
        const mine = await h.ines.get("/v2/strategies");
        const shared = mine.find((s) => s.public && s.archived_at === null);
        expect(shared).toBeDefined();
        await expect(h.marek.get("/v1/strategies/{id}", path(shared!.id))).resolves.toMatchObject({ id: shared!.id });
        await expect(
          h.marek.patch("/v1/strategies/{id}", { ...path(shared!.id), body: { name: "Mine now" } }),
        ).rejects.toMatchObject({ status: 403 });
      });

      it("404 for an unknown id, with the id in the path of the error", async () => {
        await expect(h.ines.get("/v1/strategies/{id}", path(UNKNOWN))).rejects.toMatchObject({
          status: 404,
          path: `/v1/strategies/${UNKNOWN}`,
        });
      });

      it("409 when optimizing a strategy that was never submitted", async () => {
        const created = await h.createStrategy();
        await expect(h.ines.optimize(created.id)).rejects.toMatchObject({ status: 409 });
      });

      it("423 for a second submit while the build runs", async () => {
        const created = await h.createStrategy();
        await h.ines.post("/v1/strategies/{id}/submit", path(created.id));
        const error = await h.ines.post("/v1/strategies/{id}/submit", path(created.id)).catch((e: unknown) => e);
        expect(error).toMatchObject({ status: 423, method: "POST" });
      });

      it("400 names the field and the rule", async () => {
        const error = await h.ines
          .post("/v1/strategies", { body: { name: "", objective: "x" } })
          .catch((e: unknown) => e);
        expect(error).toMatchObject({ status: 400 });
        expect((error as ThematicApiError).error).toMatch(/name/);
      });

      it("a forced 503 (X-Mock-Status) is an error too", async () => {
        await expect(
          h.ines.get("/v1/premade-strategies", { headers: { "X-Mock-Status": "503" } }),
        ).rejects.toMatchObject({ status: 503 });
      });
    });

    describe("cancellation", () => {
      it("an aborted signal rejects a call with the signal's reason", async () => {
        const controller = new AbortController();
        controller.abort();
        await expect(h.ines.get("/v1/strategies", { signal: controller.signal })).rejects.toMatchObject({
          name: "AbortError",
        });
      });

      it("aborting stops a request in flight (the mock holds it with X-Mock-Latency)", async () => {
        const controller = new AbortController();
        // Held for the longest latency the mock allows: an answer would resolve the call, so a
        // rejection with AbortError shows the abort ended it (no wall-clock bound to miss under load).
        const pending = h.ines.get("/v1/strategies", {
          signal: controller.signal,
          headers: { "X-Mock-Latency": "60000" },
        });
        setTimeout(() => controller.abort(), 50);
        await expect(pending).rejects.toMatchObject({ name: "AbortError" });
      });

      it("aborting waitForBuild ends the polling", async () => {
        const created = await h.createStrategy();
        await h.ines.post("/v1/strategies/{id}/submit", path(created.id));
        const controller = new AbortController();
        let polls = 0;
        const waiting = h.ines.waitForBuild(created.id, {
          ...fast,
          signal: controller.signal,
          onPoll: () => void (++polls === 3 && controller.abort()),
        });
        await expect(waiting).rejects.toMatchObject({ name: "AbortError" });
        expect(polls).toBe(3);
      });

      it("timeoutMs ends waitForBuild and optimize with a TimeoutError", async () => {
        const created = await h.createStrategy();
        await h.ines.post("/v1/strategies/{id}/submit", path(created.id));
        await expect(h.ines.waitForBuild(created.id, { initialDelayMs: 20, timeoutMs: 150 })).rejects.toMatchObject({
          name: "TimeoutError",
        });
        await expect(h.ines.optimize(created.id, {}, { initialDelayMs: 20, timeoutMs: 150 })).rejects.toMatchObject({
          name: "TimeoutError",
        });
      });
    });
  });
}
