import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { testUniverse } from "../_test/testUniverse.ts";
import { filePersistence } from "../adapters/node/filePersistence.ts";
import { ApiError } from "../errors/ApiError.ts";
import { memoryPersistence, type Persistence } from "./Persistence.ts";
import type { StateOp } from "./StateOp.ts";
import type { StoreState, StrategyRecord } from "./StoreState.ts";
import { createStore, type StoreOptions } from "./Store.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "thematic-store-"));
  dirs.push(dir);
  return dir;
};

/** A persistence that records what it is asked to do. */
function recording(): Persistence & { commits: StateOp[][]; replaced: number; fail: ApiError | null } {
  const p = {
    commits: [] as StateOp[][],
    replaced: 0,
    fail: null as ApiError | null,
    load: () => null,
    commit(ops: readonly StateOp[]) {
      if (p.fail !== null) throw p.fail;
      p.commits.push([...ops]);
    },
    replace() {
      if (p.fail !== null) throw p.fail;
      p.replaced += 1;
    },
  };
  return p;
}

const make = (over: Partial<StoreOptions> = {}) =>
  createStore({ universe: testUniverse, persistence: memoryPersistence, seed: 1, extraKeys: [], ...over });

describe("createStore", () => {
  it("a mutation that throws changes nothing and persists nothing", () => {
    const persistence = recording();
    const store = make({ persistence });
    const before = store.state;
    expect(() =>
      store.mutate((d) => {
        d.state.strategies.length = 0;
        throw new Error("no");
      }),
    ).toThrow("no");
    expect(store.state).toBe(before);
    expect(store.state.strategies.length).toBe(3);
    expect(persistence.commits).toEqual([]);
  });

  it("a write that cannot be persisted throws its error and changes nothing", () => {
    const persistence = recording();
    const store = make({ persistence });
    const before = store.state;
    persistence.fail = new ApiError(507, "the disk is full");
    expect(() => store.mutate((d) => void (d.state.strategies[0]!.name = "lost"))).toThrow("the disk is full");
    expect(store.state).toBe(before);
    expect(() => store.reset()).toThrow("the disk is full");
    expect(store.state).toBe(before);
  });

  it("publishes a frozen state that shares what the write did not touch, and persists only the change", () => {
    const persistence = recording();
    const store = make({ persistence });
    const before = store.state;
    const renamed = store.mutate((d) => {
      const s = d.state.strategies.find((x) => x.id === before.strategies[1]!.id)!;
      s.name = "renamed";
      return s;
    });
    expect(renamed).toBe(store.state.strategies[1]); // the result is the published record, not a draft
    expect(Object.isFrozen(renamed)).toBe(true);
    expect(store.state.users).toBe(before.users);
    expect(store.state.strategies[0]).toBe(before.strategies[0]);
    expect(store.state.strategies[1]!.versions).toBe(before.strategies[1]!.versions);
    expect(persistence.commits).toEqual([[{ op: "set", path: ["strategies", 1, "name"], value: "renamed" }]]);
    expect(() => {
      (store.state.strategies[0] as StrategyRecord).name = "x";
    }).toThrow(TypeError);
  });

  it("a purge that cannot be persisted does not fail the write that triggered it, and is retried", () => {
    let now = Date.parse("2030-01-01T00:00:00Z");
    const persistence = recording();
    const store = make({ persistence, now: () => now, retentionMs: 1000 });
    const id = store.state.strategies[0]!.id;
    store.mutate((d) => void (d.state.strategies[0]!.archivedAt = now));
    now += 1000;
    const fail = new ApiError(507, "the disk is full");
    let calls = 0;
    const original = persistence.commit;
    persistence.commit = (ops, next) => {
      calls += 1;
      if (calls === 2) throw fail; // the purge after the write
      original(ops, next);
    };
    expect(() => store.mutate((d) => void (d.state.clockOffsetMs += 1))).not.toThrow();
    expect(store.state.clockOffsetMs).toBe(1);
    expect(store.state.strategies.some((s) => s.id === id)).toBe(true);
    store.mutate((d) => void (d.state.clockOffsetMs += 1));
    expect(store.state.strategies.some((s) => s.id === id)).toBe(false);
  });

  it("ids are deterministic from the seed", () => {
    const ids = (seed: number) => {
      const store = make({ seed });
      return [store.mutate((d) => d.newId()), store.mutate((d) => d.newId())];
    };
    expect(ids(1)).toEqual(ids(1));
    expect(ids(1)).not.toEqual(ids(2));
    expect(new Set(ids(1)).size).toBe(2);
  });

  it("purges strategies archived retentionMs ago or more, after a write or when asked, and reports them", () => {
    let now = Date.parse("2030-01-01T00:00:00Z");
    const purged: string[] = [];
    const store = make({ now: () => now, retentionMs: 1000, onPurge: (gone) => purged.push(...gone.map((s) => s.id)) });
    const [a, b] = store.state.strategies;
    store.mutate((d) => {
      d.state.strategies.find((s) => s.id === a!.id)!.archivedAt = now;
      d.state.strategies.find((s) => s.id === b!.id)!.archivedAt = now + 500;
    });
    now += 999;
    store.purgeExpired();
    expect(store.state.strategies.map((s) => s.id)).toContain(a!.id);
    now += 1;
    store.mutate((d) => void (d.state.clockOffsetMs += 1));
    expect(store.state.strategies.map((s) => s.id)).not.toContain(a!.id);
    expect(purged).toEqual([a!.id]);
    now += 500;
    store.purgeExpired();
    expect(store.state.strategies.map((s) => s.id)).not.toContain(b!.id);
    expect(purged).toEqual([a!.id, b!.id]);
  });

  it("file persistence round-trips through the journal, leaves no temporary file", () => {
    const dir = tempDir();
    const file = join(dir, "state.json");
    const a = make({ persistence: filePersistence(file) });
    a.mutate((d) => {
      d.state.strategies[0]!.name = "changed";
    });
    const b = make({ persistence: filePersistence(file) });
    expect(b.state.strategies[0]?.name).toBe("changed");
    expect(b.state).toEqual(a.state);
    expect(readdirSync(dir).sort()).toEqual(["state.json", "state.json.journal", "state.json.lock"]);
  });

  it("adds the users of extra keys through a persisted write", () => {
    const dir = tempDir();
    const file = join(dir, "state.json");
    make({ persistence: filePersistence(file) });
    make({ persistence: filePersistence(file), extraKeys: [{ key: "k-extra-123456", userId: null }] });
    expect(make({ persistence: filePersistence(file) }).state.users.some((u) => u.apiKey === "k-extra-123456")).toBe(
      true,
    );
  });

  it("refuses a file that is not a state file, without touching it", () => {
    const dir = tempDir();
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{");
    expect(() => filePersistence(bad).load()).toThrow(/not valid JSON/);
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ hello: 1 }));
    expect(() => filePersistence(other).load()).toThrow(
      /other\.json is not a valid thematic-mock state: formatVersion: must be 1/,
    );
    expect(() => make({ persistence: filePersistence(other) })).toThrow(
      /idCounter: Invalid input: expected number, received undefined/,
    );
  });

  it("state as saved matches the store's", () => {
    const state: StoreState = make().state;
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
