import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { testUniverse } from "../_test/testUniverse.ts";
import { filePersistence } from "../adapters/node/filePersistence.ts";
import { memoryPersistence, type Persistence } from "./Persistence.ts";
import type { StoreState } from "./StoreState.ts";
import { createStore } from "./Store.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("createStore", () => {
  it("a mutation that throws changes nothing and persists nothing", () => {
    const saved: StoreState[] = [];
    const persistence: Persistence = { load: () => null, save: (s) => saved.push(s) };
    const store = createStore({ universe: testUniverse, persistence, seed: 1, extraKeys: [] });
    const before = store.state;
    saved.length = 0;
    expect(() =>
      store.mutate((d) => {
        d.state.strategies.length = 0;
        throw new Error("no");
      }),
    ).toThrow("no");
    expect(store.state).toBe(before);
    expect(store.state.strategies.length).toBe(3);
    expect(saved).toEqual([]);
  });

  it("ids are deterministic from the seed", () => {
    const ids = (seed: number) => {
      const store = createStore({ universe: testUniverse, persistence: memoryPersistence, seed, extraKeys: [] });
      return [store.mutate((d) => d.newId()), store.mutate((d) => d.newId())];
    };
    expect(ids(1)).toEqual(ids(1));
    expect(ids(1)).not.toEqual(ids(2));
    expect(new Set(ids(1)).size).toBe(2);
  });

  it("file persistence round-trips and leaves no temporary file", () => {
    const dir = mkdtempSync(join(tmpdir(), "thematic-store-"));
    dirs.push(dir);
    const file = join(dir, "state.json");
    const a = createStore({ universe: testUniverse, persistence: filePersistence(file), seed: 1, extraKeys: [] });
    a.mutate((d) => {
      d.state.strategies[0]!.name = "changed";
    });
    const b = createStore({ universe: testUniverse, persistence: filePersistence(file), seed: 1, extraKeys: [] });
    expect(b.state.strategies[0]?.name).toBe("changed");
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });

  it("refuses a file that is not a state file", () => {
    const dir = mkdtempSync(join(tmpdir(), "thematic-store-"));
    dirs.push(dir);
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{");
    expect(() => filePersistence(bad).load()).toThrow(/not valid JSON/);
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ hello: 1 }));
    expect(() => filePersistence(other).load()).toThrow(/not a thematic-mock state file/);
  });
});
