import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { journalLine } from "../adapters/node/_internal/journalLine.ts";
import { readJournal } from "../adapters/node/_internal/readJournal.ts";
import { applyStateOps, type StateOp } from "./StateOp.ts";

describe("applyStateOps", () => {
  it("applies set, delete and splice in order, in place", () => {
    const root = { a: { b: 1, c: 2 }, xs: [1, 2, 3] };
    applyStateOps(root, [
      { op: "set", path: ["a", "b"], value: 5 },
      { op: "delete", path: ["a", "c"] },
      { op: "splice", path: ["xs"], index: 1, remove: 1, insert: [7, 8] },
      { op: "set", path: ["xs", 0], value: 0 },
    ]);
    expect(root).toEqual({ a: { b: 5 }, xs: [0, 7, 8, 3] });
  });

  it("names the op and the path that does not fit the tree", () => {
    expect(() => applyStateOps({ a: 1 }, [{ op: "set", path: ["a", "b", "c"], value: 1 }])).toThrow(/op 0: path a\.b does not exist/);
    expect(() => applyStateOps({ a: {} }, [{ op: "splice", path: ["a"], index: 0, remove: 0, insert: [] }])).toThrow(/op 0 \(splice a\): not an array/);
    expect(() => applyStateOps({ a: [1] }, [{ op: "splice", path: ["a"], index: 3, remove: 0, insert: [] }])).toThrow(/out of range/);
  });

  it("replays a splice inserting 200,000 items (the spread form overflows the stack near 125,000)", () => {
    const insert = Array.from({ length: 200_000 }, (_, i) => ({ i }));
    const root = applyStateOps({ xs: [{ i: -1 }, { i: -2 }] }, [{ op: "splice", path: ["xs"], index: 1, remove: 0, insert }]);
    expect(root.xs.length).toBe(200_002);
    expect(root.xs[0]).toEqual({ i: -1 });
    expect(root.xs[200_000]).toEqual({ i: 199_999 });
    expect(root.xs[200_001]).toEqual({ i: -2 });
  });

  // Every op the journal can hold replays at any size: generated sequences of set, delete and
  // splice, with arrays and inserts up to 200,000 items, written as journal lines, read back and
  // replayed, against a reference that never spreads arguments.
  it("replays any sequence of journal ops at any size, through the journal's line format", () => {
    const size = fc.constantFrom(0, 1, 3, 40, 130_000, 200_000);
    const step = fc.record({ kind: fc.constantFrom("splice", "splice", "set", "delete"), target: fc.constantFrom("xs", "big"), at: fc.double({ min: 0, max: 1, noNaN: true }), cut: fc.double({ min: 0, max: 1, noNaN: true }), size });
    fc.assert(
      fc.property(size, fc.array(step, { minLength: 1, maxLength: 4 }), (initial, steps) => {
        const items = (n: number, tag: number) => Array.from({ length: n }, (_, i) => (i % 1000 === 1 ? { t: tag, i } : i * 10 + tag));
        const start = { xs: items(initial, 0), o: {} as Record<string, unknown> };
        // The reference model, and the concrete ops resolved against it.
        let xs = start.xs.slice() as unknown[];
        let big: unknown[] | undefined;
        const ops: StateOp[] = [];
        steps.forEach((s, k) => {
          const fresh = items(s.size, k + 1);
          if (s.kind === "set") {
            ops.push({ op: "set", path: ["o", "big"], value: fresh });
            big = fresh.slice();
          } else if (s.kind === "delete") {
            ops.push({ op: "delete", path: ["o", "big"] });
            big = undefined;
          } else {
            const onBig = s.target === "big" && big !== undefined;
            const list = onBig ? big! : xs;
            const index = Math.floor(s.at * list.length);
            const remove = Math.floor(s.cut * (list.length - index));
            ops.push({ op: "splice", path: onBig ? ["o", "big"] : ["xs"], index, remove, insert: fresh });
            const next = list.slice(0, index).concat(fresh, list.slice(index + remove));
            if (onBig) big = next;
            else xs = next;
          }
        });
        const journal = Buffer.concat(ops.map((op, i) => journalLine(i + 1, [op])));
        const read = readJournal(journal, "j");
        expect(read.tornTail).toBe(false);
        const replayed = applyStateOps(structuredClone(start), read.entries.flatMap((e) => e.ops));
        expect(replayed.xs.length).toBe(xs.length);
        expect(replayed.xs).toEqual(xs);
        expect(replayed.o.big).toEqual(big);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
