import { describe, expect, it } from "vitest";
import { CallerTaskStore } from "./CallerTaskStore.ts";

const request = { method: "tools/call", params: { name: "build_strategy", task: {} } };

describe("CallerTaskStore after the mock's clock goes back (a reset drops its offset)", () => {
  it("an expired task stays gone and a live one keeps only the lifetime it had left", async () => {
    let now = 1_000_000;
    const store = new CallerTaskStore(() => now);
    const old = await store.createTask({ ttl: 1_000 }, 1, request);
    now += 500;
    const young = await store.createTask({ ttl: 1_000 }, 2, request);
    now += 600; // the old task expired 100 ms ago; the young one has 400 ms left
    const dropped = 10_000;
    store.shiftExpiries(dropped);
    now -= dropped;
    expect(await store.getTask(old.taskId)).toBeNull();
    now += 399;
    expect(await store.getTask(young.taskId)).not.toBeNull();
    now += 1;
    expect(await store.getTask(young.taskId)).toBeNull();
  });
});
