import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyStateOps } from "../StateOp.ts";
import { createCowDraft, deepFreeze, isDraft } from "./cowDraft.ts";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const jsonValue: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.integer({ min: -5, max: 50 }),
    fc.constantFrom("a", "b", "c"),
    fc.constant(null),
    fc.array(tie("v"), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom("k", "m", "x", "y", "z"), tie("v"), { maxKeys: 4 }),
  ),
})).v;

/** Sometimes an array longer than the cut-off (32) under which the draft scans instead of locating. */
const bigArray = fc.option(
  fc.array(fc.dictionary(fc.constantFrom("k", "m"), fc.integer({ min: 0, max: 3 }), { maxKeys: 2 }), {
    minLength: 33,
    maxLength: 45,
  }),
);

/** One step of a write: walk `path` (indices into the keys at each level), then do `kind` there. */
const step = fc.record({
  path: fc.array(fc.nat(), { maxLength: 4 }),
  kind: fc.constantFrom(
    "set",
    "delete",
    "push",
    "pop",
    "shift",
    "unshift",
    "splice",
    "findSet",
    "filterSet",
    "reverse",
    "move",
    "lengthZero",
  ),
  n: fc.nat(10),
  value: jsonValue,
});
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Applies `s` to `root` (a plain tree or a draft: the same code drives both). */
function perform(root: Record<string, unknown>, s: Step): void {
  let at: unknown = root;
  for (const p of s.path) {
    if (typeof at !== "object" || at === null) break;
    const keys = Object.keys(at);
    if (keys.length === 0) break;
    const next = (at as Record<string, unknown>)[keys[p % keys.length]!];
    if (typeof next !== "object" || next === null) break;
    at = next;
  }
  if (typeof at !== "object" || at === null) return;
  const obj = at as Record<string, unknown>;
  const keys = Object.keys(obj);
  const key = Array.isArray(at) ? String(s.n % (keys.length + 1)) : ["k", "m", "x", "y", "z"][s.n % 5]!;
  const fresh = structuredClone(s.value);
  if (Array.isArray(at)) {
    const xs = at as unknown[];
    if (s.kind === "push") xs.push(fresh, s.n);
    else if (s.kind === "pop") xs.pop();
    else if (s.kind === "shift") xs.shift();
    else if (s.kind === "unshift") xs.unshift(fresh);
    else if (s.kind === "splice") xs.splice(s.n % (xs.length + 1), s.n % 3, fresh);
    else if (s.kind === "reverse") xs.reverse();
    else if (s.kind === "lengthZero") xs.length = 0;
    else if (s.kind === "findSet" || s.kind === "filterSet") {
      const isObj = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
      const hits = s.kind === "findSet" ? [xs.find(isObj)].filter((v) => v !== undefined) : xs.filter(isObj);
      for (const h of hits) (h as Record<string, unknown>).k = s.n;
    } else if (s.kind === "move" && xs.length > 0) xs.push(xs[s.n % xs.length]);
    else if (s.kind === "delete") xs.splice(s.n % (xs.length + 1), 1);
    else if (keys.length > 0) xs[s.n % xs.length] = fresh;
    return;
  }
  if (s.kind === "delete") delete obj[key];
  else if (s.kind === "move" && keys.length > 0) obj[key] = obj[keys[s.n % keys.length]!];
  else obj[key] = fresh;
}

function isDeepFrozen(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return true;
  return Object.isFrozen(v) && !isDraft(v) && Object.values(v).every(isDeepFrozen);
}

describe("createCowDraft", () => {
  it.each([true, false])(
    "matches plain mutation, leaves the base alone, and its ops replay the write (freeze %s)",
    (freeze) => {
      fc.assert(
        fc.property(
          fc.dictionary(fc.constantFrom("k", "m", "x", "y", "z"), jsonValue, { maxKeys: 5 }),
          bigArray,
          fc.array(step, { maxLength: 8 }),
          (small, big, steps) => {
            const start: Record<string, unknown> = big === null ? small : { ...small, big }; // long arrays take other paths
            const expected = structuredClone(start) as Record<string, unknown>;
            for (const s of steps) perform(expected, s);
            const base = freeze ? deepFreeze(structuredClone(start)) : structuredClone(start);
            const draft = createCowDraft(base as Record<string, unknown>, freeze);
            for (const s of steps) perform(draft.root, s);
            const { next, ops } = draft.finish();
            expect(next).toEqual(expected);
            expect(base).toEqual(start);
            if (freeze) expect(isDeepFrozen(next)).toBe(true);
            const replayed = applyStateOps(structuredClone(start), JSON.parse(JSON.stringify(ops)));
            expect(replayed).toEqual(JSON.parse(JSON.stringify(expected)));
          },
        ),
        { numRuns: 1500 },
      );
    },
  );

  it("shares every untouched object with the base and records one op for one change", () => {
    const base = deepFreeze({
      items: Array.from({ length: 1000 }, (_, i) => ({ id: i, tags: ["t"] })),
      other: { n: 1 },
    });
    const draft = createCowDraft(base);
    const hit = draft.root.items.find((x) => x.id === 700)!;
    hit.tags.push("u");
    const { next, ops } = draft.finish();
    expect(next.other).toBe(base.other);
    expect(next.items[699]).toBe(base.items[699]);
    expect(next.items[700]).toEqual({ id: 700, tags: ["t", "u"] });
    expect(ops).toEqual([{ op: "splice", path: ["items", 700, "tags"], index: 1, remove: 0, insert: ["u"] }]);
  });

  it("a removal in the middle of a long array is one splice op, not a rewrite", () => {
    const base = deepFreeze({ xs: Array.from({ length: 500 }, (_, i) => ({ i })) });
    const draft = createCowDraft(base);
    const at = draft.root.xs.findIndex((x) => x.i === 10);
    draft.root.xs.splice(at, 1);
    expect(draft.finish().ops).toEqual([{ op: "splice", path: ["xs"], index: 10, remove: 1, insert: [] }]);
  });

  it("removals far apart (a purge) are one small splice each: what is not removed is not rewritten", () => {
    const base = deepFreeze({ xs: Array.from({ length: 5000 }, (_, i) => ({ i })) });
    const draft = createCowDraft(base);
    for (const i of [4000, 10]) draft.root.xs.splice(i, 1); // from the end, as the purge does
    draft.root.xs.find((x) => x.i === 2000)!.i = -2000; // and a change in between, at its new index
    const { next, ops } = draft.finish();
    expect(ops).toEqual([
      { op: "splice", path: ["xs"], index: 10, remove: 1, insert: [] },
      { op: "set", path: ["xs", 1999, "i"], value: -2000 },
      { op: "splice", path: ["xs"], index: 3999, remove: 1, insert: [] },
    ]);
    expect(applyStateOps(structuredClone(base) as { xs: Array<{ i: number }> }, ops)).toEqual(next);
  });

  it("insertions far apart are one small splice each", () => {
    const base = deepFreeze({ xs: Array.from({ length: 1000 }, (_, i) => i) });
    const draft = createCowDraft(base);
    draft.root.xs.splice(900, 0, -1);
    draft.root.xs.splice(5, 0, -2, -3);
    const { ops } = draft.finish();
    expect(ops).toEqual([
      { op: "splice", path: ["xs"], index: 5, remove: 0, insert: [-2, -3] },
      { op: "splice", path: ["xs"], index: 902, remove: 0, insert: [-1] },
    ]);
  });

  it("no change gives the base itself and no ops", () => {
    const base = deepFreeze({ a: { b: [1, 2] } });
    const draft = createCowDraft(base);
    draft.root.a.b.find((x) => x === 2);
    draft.root.a.b[0] = 1;
    expect(draft.finish()).toEqual({ next: base, ops: [] });
    expect(draft.finish().next).toBe(base);
  });

  it("settle turns drafts inside a result into their final values; drafts are read-only afterwards", () => {
    const base = deepFreeze({ list: [{ name: "a" }] });
    const draft = createCowDraft(base);
    const item = draft.root.list[0]!;
    item.name = "b";
    const { next } = draft.finish();
    const result = draft.settle({ item, also: [item] });
    expect(result.item).toBe(next.list[0]);
    expect(result.also[0]).toBe(next.list[0]);
    expect(isDraft(result.item)).toBe(false);
    expect(() => {
      item.name = "c";
    }).toThrow(/read-only/);
  });

  it("predicates of scans see the stored elements (frozen under test: they must not write)", () => {
    const base = deepFreeze({ xs: [{ n: 1 }] });
    const draft = createCowDraft(base, true);
    expect(() => draft.root.xs.find((x) => ((x.n = 2), true))).toThrow(TypeError);
    expect(draft.finish().next).toBe(base);
  });
});
