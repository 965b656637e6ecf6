import { describe, expect, it } from "vitest";
import { makeMock } from "../../../_test/makeMock.ts";
import { lruMemo } from "./lruMemo.ts";

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
    const failing = () => lruMemo(ctx, "t", "k", 2, async () => {
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
});
