import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../errors/ApiError.ts";
import { TaskWaiters, WAIT_ENDED_STATUS } from "./TaskWaiters.ts";

afterEach(() => {
  vi.useRealTimers();
});

/** The outcome of a wait: "done", "left" (499, the client closed the request), "cancelled" (499, cancelled by the client) or "refused" (429). */
const outcome = (wait: Promise<void>) =>
  wait.then(
    () => "done",
    (e: unknown) => {
      if (!(e instanceof ApiError)) return `threw ${String(e)}`;
      if (e.status === 429) return "refused";
      if (e.status === WAIT_ENDED_STATUS && e.message === "the client closed the request") return "left";
      if (
        e.status === WAIT_ENDED_STATUS &&
        /^cancelled by the client \(notifications\/cancelled for request .+\)$/.test(e.message)
      )
        return "cancelled";
      return `${e.status} ${e.message}`;
    },
  );

describe("TaskWaiters", () => {
  it("checks the condition now and then once per interval, and resolves when it holds", async () => {
    vi.useFakeTimers();
    const waiters = new TaskWaiters({ max: 2, intervalMs: 500 });
    let checks = 0;
    let ready = false;
    const wait = outcome(
      waiters.wait(1, () => {
        checks++;
        return ready;
      }, []),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect([checks, waiters.size]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(checks).toBe(4);
    ready = true;
    await vi.advanceTimersByTimeAsync(500);
    expect(await wait).toBe("done");
    expect(waiters.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("ends at once when a signal aborts: no timer left, no more checks", async () => {
    vi.useFakeTimers();
    const waiters = new TaskWaiters({ max: 2, intervalMs: 500 });
    const client = new AbortController();
    let checks = 0;
    const wait = outcome(waiters.wait(1, () => (checks++, false), [undefined, client.signal]));
    await vi.advanceTimersByTimeAsync(1000);
    expect(checks).toBe(3);
    client.abort();
    expect(await wait).toBe("left");
    expect(waiters.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(checks).toBe(3);
  });

  it("refuses a wait beyond max with a message saying what to do, but not one whose condition already holds", async () => {
    vi.useFakeTimers();
    const waiters = new TaskWaiters({ max: 2, intervalMs: 500 });
    const first = outcome(waiters.wait("a", () => false, []));
    const second = outcome(waiters.wait("b", () => false, []));
    await vi.advanceTimersByTimeAsync(0);
    const refused = await waiters.wait("c", () => false, []).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).message).toMatch(/^2 of your calls already wait .*poll tasks\/get/);
    expect(await outcome(waiters.wait("d", () => true, []))).toBe("done");
    expect(waiters.size).toBe(2);
    expect([waiters.cancel("a"), waiters.cancel("b")]).toEqual([1, 1]);
    expect([await first, await second]).toEqual(["cancelled", "cancelled"]);
    expect(waiters.size).toBe(0);
  });

  it("cancels by request id only the waits of that id", async () => {
    vi.useFakeTimers();
    const waiters = new TaskWaiters({ max: 5, intervalMs: 500 });
    const seven = [outcome(waiters.wait(7, () => false, [])), outcome(waiters.wait(7, () => false, []))];
    const eight = outcome(waiters.wait(8, () => false, []));
    await vi.advanceTimersByTimeAsync(0);
    expect(waiters.cancel(7)).toBe(2);
    expect(await Promise.all(seven)).toEqual(["cancelled", "cancelled"]);
    expect(waiters.size).toBe(1);
    expect(waiters.cancel("7")).toBe(0);
    expect(waiters.cancel(8)).toBe(1);
    expect(await eight).toBe("cancelled");
  });

  it("refuses a wait whose signal has already aborted without checking the condition", async () => {
    const waiters = new TaskWaiters({ max: 2, intervalMs: 500 });
    let checks = 0;
    expect(await outcome(waiters.wait(1, () => (checks++, true), [AbortSignal.abort()]))).toBe("left");
    expect([checks, waiters.size]).toEqual([0, 0]);
  });
});
