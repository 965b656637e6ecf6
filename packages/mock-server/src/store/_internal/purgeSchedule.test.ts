import { describe, expect, it } from "vitest";
import { firstPurgeAt, purgeDueAfter } from "./purgeSchedule.ts";

describe("purge schedule", () => {
  it("firstPurgeAt is the earliest archivedAt + retention, Infinity when nothing is archived", () => {
    expect(firstPurgeAt([{ archivedAt: 30 }, { archivedAt: null }, { archivedAt: 10 }], 5)).toBe(15);
    expect(firstPurgeAt([{ archivedAt: null }], 5)).toBe(Infinity);
  });

  it("purgeDueAfter lowers the bound for archivals in any op shape, and ignores the rest", () => {
    expect(purgeDueAfter([{ op: "set", path: ["strategies", 2, "archivedAt"], value: 100 }], Infinity, 5)).toBe(105);
    expect(purgeDueAfter([{ op: "set", path: ["strategies", 2], value: { archivedAt: 50 } }], 80, 5)).toBe(55);
    expect(
      purgeDueAfter(
        [
          {
            op: "splice",
            path: ["strategies"],
            index: 0,
            remove: 0,
            insert: [{ archivedAt: 7 }, { archivedAt: null }],
          },
        ],
        80,
        5,
      ),
    ).toBe(12);
    expect(purgeDueAfter([{ op: "set", path: ["strategies"], value: [{ archivedAt: 1 }] }], 80, 5)).toBe(6);
    expect(purgeDueAfter([{ op: "set", path: ["strategies", 2, "archivedAt"], value: null }], 80, 5)).toBe(80); // a revival: the bound stays (lower bound)
    expect(purgeDueAfter([{ op: "set", path: ["extensions", "x", "archivedAt"], value: 1 }], 80, 5)).toBe(80);
  });
});
