import { describe, expect, it } from "vitest";
import { deadlineSignal, sleep } from "./abortable.ts";
import { pollDelays } from "./backoff.ts";
import { fillPath } from "./fillPath.ts";

describe("sleep / deadlineSignal", () => {
  it("sleep rejects at once with the reason of an aborted signal, and on a later abort", async () => {
    await expect(sleep(10_000, AbortSignal.abort(new Error("stop")))).rejects.toThrow("stop");
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("deadlineSignal is undefined without signal or timeout, the signal alone when only it is given, and times out", async () => {
    expect(deadlineSignal(undefined, undefined)).toBeUndefined();
    const controller = new AbortController();
    expect(deadlineSignal(controller.signal, undefined)).toBe(controller.signal);
    const both = deadlineSignal(controller.signal, 20)!;
    await expect(sleep(5_000, both)).rejects.toMatchObject({ name: "TimeoutError" });
  });
});

describe("pollDelays", () => {
  it("grows by the factor up to the cap", () => {
    const d = pollDelays({ initialDelayMs: 100, maxDelayMs: 300, factor: 2 });
    expect([d.next().value, d.next().value, d.next().value, d.next().value]).toEqual([100, 200, 300, 300]);
  });
});

describe("fillPath", () => {
  it("fills and encodes parameters and leaves unknown ones", () => {
    expect(fillPath("/v1/strategies/{id}/companies/{companyId}", { id: "a b" })).toBe(
      "/v1/strategies/a%20b/companies/{companyId}",
    );
  });
});
