import { describe, expect, it } from "vitest";
import { applyStateOps } from "./StateOp.ts";

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
    expect(() => applyStateOps({ a: 1 }, [{ op: "set", path: ["a", "b", "c"], value: 1 }])).toThrow(
      /op 0: path a\.b does not exist/,
    );
    expect(() => applyStateOps({ a: {} }, [{ op: "splice", path: ["a"], index: 0, remove: 0, insert: [] }])).toThrow(
      /op 0 \(splice a\): not an array/,
    );
    expect(() => applyStateOps({ a: [1] }, [{ op: "splice", path: ["a"], index: 3, remove: 0, insert: [] }])).toThrow(
      /out of range/,
    );
  });

  it("replays a splice inserting 200,000 items (the spread form overflows the stack near 125,000)", () => {
    const insert = Array.from({ length: 200_000 }, (_, i) => ({ i }));
    const root = applyStateOps({ xs: [{ i: -1 }, { i: -2 }] }, [
      { op: "splice", path: ["xs"], index: 1, remove: 0, insert },
    ]);
    expect(root.xs.length).toBe(200_002);
    expect(root.xs[0]).toEqual({ i: -1 });
    expect(root.xs[200_000]).toEqual({ i: 199_999 });
    expect(root.xs[200_001]).toEqual({ i: -2 });
  });
});
