import { describe, expect, it } from "vitest";
import { readCapped } from "./readCapped.ts";

/** A body of `chunks` chunks of `size` bytes, counting what was pulled and whether it was cancelled. */
function countingBody(chunks: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled === chunks) return controller.close();
        seen.pulled += 1;
        controller.enqueue(new Uint8Array(size).fill(seen.pulled));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

describe("readCapped", () => {
  it("reads a body up to the cap whole, into one buffer of exactly its size", async () => {
    const { stream, seen } = countingBody(4, 1000);
    const read = await readCapped(new Response(stream), 4000);
    expect(read.complete).toBe(true);
    if (!read.complete) return;
    expect(read.bytes.byteLength).toBe(4000);
    expect(read.bytes.buffer.byteLength).toBe(4000);
    expect([read.bytes[0], read.bytes[1000], read.bytes[3999]]).toEqual([1, 2, 4]);
    expect(seen.cancelled).toBe(false);
  });

  it("stops at the chunk that passes the cap and cancels the rest", async () => {
    const { stream, seen } = countingBody(1000, 1000);
    const read = await readCapped(new Response(stream), 4500);
    expect(read).toEqual({ complete: false, declaredBytes: null });
    expect(seen.pulled).toBe(5);
    expect(seen.cancelled).toBe(true);
  });

  it("does not read a body whose Content-Length is past the cap", async () => {
    const { stream, seen } = countingBody(1000, 1000);
    const read = await readCapped(new Response(stream, { headers: { "Content-Length": "1000000" } }), 4500);
    expect(read).toEqual({ complete: false, declaredBytes: 1_000_000 });
    expect(seen.pulled).toBe(0);
    expect(seen.cancelled).toBe(true);
  });

  it("reads a missing body as empty", async () => {
    expect(await readCapped(new Response(null, { status: 204 }), 10)).toEqual({
      complete: true,
      bytes: new Uint8Array(0),
    });
  });
});
