import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { faultyFs } from "../../_test/faultyFs.ts";
import { testUniverse } from "../../_test/testUniverse.ts";
import { ApiError } from "../../errors/ApiError.ts";
import { createStore } from "../../store/Store.ts";
import type { StateOp } from "../../store/StateOp.ts";
import { journalLine } from "./_internal/journalLine.ts";
import { filePersistence, type FilePersistenceOptions } from "./filePersistence.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function stateFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "thematic-persist-"));
  dirs.push(dir);
  return join(dir, "state.json");
}
const open = (file: string, options: FilePersistenceOptions = {}) =>
  createStore({
    universe: testUniverse,
    persistence: filePersistence(file, { log: () => {}, ...options }),
    seed: 1,
    extraKeys: [],
  });
const rename = (name: string) => (d: { state: { strategies: Array<{ name: string }> } }) =>
  void (d.state.strategies[0]!.name = name);
const bytes = (file: string) => (existsSync(file) ? readFileSync(file) : Buffer.alloc(0));
const caught = (f: () => unknown): ApiError => {
  try {
    f();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("did not throw");
};

describe("filePersistence: journal and snapshot", () => {
  it("appends one journal line per write and replays it on load", () => {
    const file = stateFile();
    const store = open(file);
    store.mutate(rename("one"));
    store.mutate(rename("two"));
    const lines = readFileSync(`${file}.journal`, "utf8").trimEnd().split("\n");
    expect(lines.map((l) => (JSON.parse(l.split("\t")[0]!) as { seq: number }).seq)).toEqual([1, 2]);
    expect(lines.every((l) => /\t[0-9a-f]{8}$/.test(l))).toBe(true); // each with its checksum
    expect(open(file).state).toEqual(store.state);
  });

  it("compacts into the snapshot when the journal outgrows it, and skips journal lines the snapshot already holds", () => {
    const file = stateFile();
    const store = open(file, { compactMinBytes: 1 });
    const snapshotSize = statSync(file).size;
    let n = 0;
    while (statSync(file).size === snapshotSize || bytes(`${file}.journal`).length > 0) {
      store.mutate((d) => void d.state.strategies[0]!.tags.push(`tag-${n++}`.repeat(50)));
      if (n > 10_000) throw new Error("never compacted");
    }
    const saved = JSON.parse(readFileSync(file, "utf8")) as { journalSeq: number };
    expect(saved.journalSeq).toBe(n);
    expect(open(file).state).toEqual(store.state);
    // A crash between the snapshot's rename and the journal's truncation leaves old lines: skipped.
    const before = open(file, { compactMinBytes: 1 << 30 });
    before.mutate(rename("after"));
    const journal = bytes(`${file}.journal`);
    const again = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...again, ...JSON.parse(JSON.stringify(before.state)), journalSeq: n + 1 }));
    expect(bytes(`${file}.journal`)).toEqual(journal);
    expect(open(file).state).toEqual(before.state);
  });

  it("ignores a torn last line (a crash mid-append) and cuts it before the next append", () => {
    const file = stateFile();
    const store = open(file);
    store.mutate(rename("kept"));
    writeFileSync(
      `${file}.journal`,
      Buffer.concat([bytes(`${file}.journal`), Buffer.from('{"seq":2,"ops":[{"op":"set","pa')]),
    );
    const reopened = open(file);
    expect(reopened.state.strategies[0]!.name).toBe("kept");
    reopened.mutate(rename("next"));
    expect(open(file).state.strategies[0]!.name).toBe("next");
    expect(readFileSync(`${file}.journal`, "utf8")).not.toContain('"pa\n');
  });

  it("keeps a last line that lost only its newline (its checksum matches) and writes the newline before the next append", () => {
    const file = stateFile();
    const store = open(file);
    store.mutate(rename("first"));
    store.mutate(rename("kept without its newline"));
    const journal = bytes(`${file}.journal`);
    writeFileSync(`${file}.journal`, journal.subarray(0, journal.length - 1));
    const reopened = open(file);
    expect(reopened.state.strategies[0]!.name).toBe("kept without its newline");
    reopened.mutate(rename("next"));
    const lines = readFileSync(`${file}.journal`, "utf8").split("\n");
    expect(lines.map((l) => (l === "" ? null : (JSON.parse(l.split("\t")[0]!) as { seq: number }).seq))).toEqual([
      1,
      2,
      3,
      null,
    ]);
    expect(open(file).state.strategies[0]!.name).toBe("next");
  });

  it("refuses a journal damaged before its last line, leaving both files untouched", () => {
    const file = stateFile();
    const store = open(file);
    store.mutate(rename("a"));
    store.mutate(rename("b"));
    const lines = readFileSync(`${file}.journal`, "utf8").split("\n");
    lines[0] = lines[0]!.slice(0, 10);
    writeFileSync(`${file}.journal`, lines.join("\n"));
    const [snapshot, journal] = [bytes(file), bytes(`${file}.journal`)];
    expect(() => open(file)).toThrow(/state\.json\.journal line 1 is damaged/);
    expect(bytes(file)).toEqual(snapshot);
    expect(bytes(`${file}.journal`)).toEqual(journal);
  });

  it("refuses a journal that does not continue the snapshot", () => {
    const file = stateFile();
    open(file).mutate(rename("a"));
    const [entry] = readFileSync(`${file}.journal`, "utf8").split("\t");
    writeFileSync(`${file}.journal`, journalLine(3, (JSON.parse(entry!) as { ops: StateOp[] }).ops));
    expect(() => open(file)).toThrow(/does not continue .*expected write 1, found 3/);
  });
});

describe("filePersistence on a full or failing disk", () => {
  it("a write that does not fit fails with 507 (disk full), cuts its partial line, changes nothing in memory or on disk", () => {
    const file = stateFile();
    const disk = faultyFs();
    const store = open(file, { fs: disk });
    store.mutate(rename("acknowledged"));
    const before = store.state;
    const [snapshot, journal] = [bytes(file), bytes(`${file}.journal`)];
    disk.freeBytes = 40; // part of the next line fits: a short write, then ENOSPC
    const error = caught(() => store.mutate(rename("refused")));
    expect(error.status).toBe(507);
    expect(error.message).toMatch(/disk is full \(ENOSPC/);
    expect(store.state).toBe(before);
    expect(bytes(file)).toEqual(snapshot);
    expect(bytes(`${file}.journal`)).toEqual(journal);
    expect(open(file).state.strategies[0]!.name).toBe("acknowledged");
    disk.freeBytes = Infinity; // space freed: writes work again
    store.mutate(rename("later"));
    expect(open(file).state.strategies[0]!.name).toBe("later");
  });

  it("when the partial line cannot be cut at once, the next write cuts it first", () => {
    const file = stateFile();
    const disk = faultyFs();
    const store = open(file, { fs: disk });
    disk.freeBytes = 30;
    disk.failTruncate = "EIO";
    expect(caught(() => store.mutate(rename("refused"))).status).toBe(507);
    disk.freeBytes = Infinity;
    expect(caught(() => store.mutate(rename("still refused"))).status).toBe(503); // cannot repair yet
    disk.failTruncate = null;
    store.mutate(rename("ok"));
    store.mutate(rename("ok again"));
    expect(open(file).state.strategies[0]!.name).toBe("ok again");
  });

  it("an fsync that fails (EIO) is a 503 and the write is not kept", () => {
    const file = stateFile();
    const disk = faultyFs();
    const store = open(file, { fs: disk });
    disk.failNextFsync = "EIO";
    const error = caught(() => store.mutate(rename("refused")));
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/EIO/);
    expect(open(file).state.strategies[0]!.name).not.toBe("refused");
  });

  it("a reset on a full disk is a 507 that keeps the previous snapshot and leaves no temporary file", () => {
    const file = stateFile();
    const disk = faultyFs();
    const store = open(file, { fs: disk });
    store.mutate(rename("kept"));
    store.mutate((d) => void d.state.strategies.splice(0, 1)); // so the reset has more to write
    const before = store.state;
    const snapshot = bytes(file);
    disk.freeBytes = 100;
    expect(caught(() => store.reset()).status).toBe(507);
    expect(store.state).toBe(before);
    expect(bytes(file)).toEqual(snapshot);
    expect(readdirSync(join(file, "..")).sort()).toEqual(["state.json", "state.json.journal", "state.json.lock"]);
  });

  it("a compaction that fails keeps the write (it is in the journal) and tries again later", () => {
    const file = stateFile();
    const disk = faultyFs();
    const logged: string[] = [];
    const store = open(file, { fs: disk, compactMinBytes: 1, log: (l) => logged.push(l) });
    const big = "x".repeat(statSync(file).size); // a journal line longer than the snapshot: compaction is due
    const line = journalLine(1, [{ op: "set", path: ["strategies", 0, "name"], value: big }]).length;
    disk.freeBytes = line; // the journal line fits, the snapshot does not
    store.mutate(rename(big));
    expect(logged.join("\n")).toMatch(/compacting .* failed .*disk is full/);
    expect(open(file).state.strategies[0]!.name).toBe(big);
    expect(readdirSync(join(file, "..")).sort()).toEqual(["state.json", "state.json.journal", "state.json.lock"]);
  });
});
