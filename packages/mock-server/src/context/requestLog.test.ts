import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRequestLog } from "./requestLog.ts";

const entry = (path: string) => ({
  atMs: Date.parse("2026-01-01T00:00:00.000Z"),
  method: "GET",
  path,
  status: 200,
  durationMs: 1,
  userId: null,
});

describe("createRequestLog", () => {
  it("keeps the newest `capacity` entries, numbered from 1, and reads those after a seq", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 70 }),
        fc.integer({ min: 1, max: 30 }),
        (capacity, n, after, limit) => {
          const log = createRequestLog(capacity);
          for (let i = 1; i <= n; i++) log.record(entry(`/${i}`));
          const expected = Array.from({ length: n }, (_, i) => i + 1)
            .filter((s) => s > after && s > n - capacity)
            .slice(-limit);
          expect(log.since(after, limit).map((e) => e.seq)).toEqual(expected);
          expect(log.since(after, limit).map((e) => e.path)).toEqual(expected.map((s) => `/${s}`));
          expect(log.latestSeq()).toBe(n);
        },
      ),
    );
  });

  it("writes the recorded clock time as ISO 8601 when read", () => {
    const log = createRequestLog(4);
    log.record(entry("/a"));
    log.record({ ...entry("/b"), atMs: Date.parse("2027-03-04T05:06:07.089Z") });
    expect(log.since(0).map((e) => e.at)).toEqual(["2026-01-01T00:00:00.000Z", "2027-03-04T05:06:07.089Z"]);
  });

  it("cuts long paths and refuses a bad capacity", () => {
    const log = createRequestLog(2);
    log.record(entry(`/${"x".repeat(400)}`));
    expect(log.since(0)[0]!.path.length).toBe(300);
    expect(() => createRequestLog(0)).toThrow(RangeError);
  });
});
