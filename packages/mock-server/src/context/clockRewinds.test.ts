import { describe, expect, it } from "vitest";
import { makeMock } from "../_test/makeMock.ts";
import { users } from "../_test/testUniverse.ts";
import { taskStoreFor } from "../mcp/_internal/CallerTaskStore.ts";
import { advanceClock, resetMock } from "../services/control.ts";
import { announceClockRewind, onClockRewind } from "./clockRewinds.ts";

describe("clock rewinds", () => {
  it("reach the listeners of that mock only, in the order they registered", () => {
    const [a, b] = [{}, {}];
    const heard: string[] = [];
    onClockRewind(a, (ms) => heard.push(`first ${ms}`));
    onClockRewind(b, (ms) => heard.push(`other mock ${ms}`));
    onClockRewind(a, (ms) => heard.push(`second ${ms}`));
    announceClockRewind(a, 5);
    expect(heard).toEqual(["first 5", "second 5"]);
  });

  it("a reset moves an MCP task's expiry back with the clock: it keeps the lifetime it had left", async () => {
    const { ctx } = makeMock();
    const store = taskStoreFor(ctx, { userId: users[0]!.id });
    const task = await store.createTask({ ttl: 60_000 }, 1, {
      method: "tools/call",
      params: { name: "build_strategy", task: {} },
    });
    advanceClock(ctx, 30_000); // 30 s of the task's 60 s left
    resetMock(ctx); // the clock goes back 30 s
    advanceClock(ctx, 29_999);
    expect(await store.getTask(task.taskId)).not.toBeNull();
    advanceClock(ctx, 1);
    expect(await store.getTask(task.taskId)).toBeNull();
  });
});
