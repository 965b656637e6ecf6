import { describe, expect, it } from "vitest";
import { makeMock } from "../../../_test/makeMock.ts";
import { isApiError } from "../../../errors/ApiError.ts";
import { lruMemo } from "./lruMemo.ts";

/** A computation that settles only when told to, recording the signal it was given. */
function pending() {
  const seen: AbortSignal[] = [];
  let finish: (v: string) => void = () => {};
  const compute = (signal: AbortSignal) => {
    seen.push(signal);
    return new Promise<string>((resolve) => (finish = resolve));
  };
  return { seen, compute, finish: (v: string) => finish(v) };
}
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => "resolved",
    (e: unknown) => (isApiError(e) ? e.status : "other"),
  );

describe("lruMemo", () => {
  it("shares one computation between concurrent callers of a key", async () => {
    const { ctx } = makeMock();
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 5));
      return { value: 42 };
    };
    const [a, b] = await Promise.all([lruMemo(ctx, "t", "k", 2, compute), lruMemo(ctx, "t", "k", 2, compute)]);
    expect(runs).toBe(1);
    expect(a).toBe(b);
  });

  it("evicts the least recently used key beyond the capacity", async () => {
    const { ctx } = makeMock();
    const runs: string[] = [];
    const get = (k: string) => lruMemo(ctx, "t", k, 2, async () => (runs.push(k), k));
    await get("a");
    await get("b");
    await get("a"); // a is now the most recent
    await get("c"); // evicts b
    await get("a");
    await get("b");
    expect(runs).toEqual(["a", "b", "c", "b"]);
  });

  it("drops a rejected computation so the next call retries; a reset clears the cache", async () => {
    const { ctx } = makeMock();
    let runs = 0;
    const failing = () =>
      lruMemo(ctx, "t", "k", 2, async () => {
        runs += 1;
        throw new Error("boom");
      });
    await expect(failing()).rejects.toThrow("boom");
    await expect(failing()).rejects.toThrow("boom");
    expect(runs).toBe(2);
    await lruMemo(ctx, "t", "ok", 2, async () => 1);
    ctx.memo.clear(); // what the control surface's reset does
    let again = 0;
    await lruMemo(ctx, "t", "ok", 2, async () => (again += 1));
    expect(again).toBe(1);
  });

  it("a caller whose signal aborts gets 499 at once; the computation goes on while another caller waits", async () => {
    const { ctx } = makeMock();
    const job = pending();
    const a = new AbortController();
    const b = new AbortController();
    const first = statusOf(lruMemo(ctx, "t", "k", 2, job.compute, a.signal));
    const second = lruMemo(ctx, "t", "k", 2, job.compute, b.signal);
    a.abort();
    expect(await first).toBe(499);
    expect(job.seen).toHaveLength(1);
    expect(job.seen[0]!.aborted).toBe(false);
    job.finish("done");
    expect(await second).toBe("done");
    expect(await lruMemo(ctx, "t", "k", 2, job.compute)).toBe("done"); // kept
    expect(job.seen).toHaveLength(1);
  });

  it("when every caller of a pending computation has left, its signal aborts and the next call starts afresh", async () => {
    const { ctx } = makeMock();
    const job = pending();
    const callers = [new AbortController(), new AbortController()];
    const waits = callers.map((c) => statusOf(lruMemo(ctx, "t", "k", 2, job.compute, c.signal)));
    callers[0]!.abort();
    expect(job.seen[0]!.aborted).toBe(false);
    callers[1]!.abort();
    expect(await Promise.all(waits)).toEqual([499, 499]);
    expect(job.seen[0]!.aborted).toBe(true);
    const fresh = lruMemo(ctx, "t", "k", 2, job.compute);
    expect(job.seen).toHaveLength(2);
    expect(job.seen[1]!.aborted).toBe(false);
    job.finish("again");
    expect(await fresh).toBe("again");
  });

  it("a caller without a signal keeps the computation wanted; an aborted signal is refused before computing", async () => {
    const { ctx } = makeMock();
    const job = pending();
    const leaving = new AbortController();
    const left = statusOf(lruMemo(ctx, "t", "k", 2, job.compute, leaving.signal));
    const staying = lruMemo(ctx, "t", "k", 2, job.compute);
    leaving.abort();
    expect(await left).toBe(499);
    expect(job.seen[0]!.aborted).toBe(false);
    job.finish("kept");
    expect(await staying).toBe("kept");
    expect(await statusOf(lruMemo(ctx, "t", "other", 2, job.compute, AbortSignal.abort()))).toBe(499);
    expect(job.seen).toHaveLength(1);
  });
});
