// The journal must replay whatever it holds, and must not drop an
// acknowledged write it cannot read (item 6).
// - Purging 2 of 140,000 strategies once wrote ONE splice re-inserting everything between them
//   (a 44 MB line); replaying it spread 140,000 items into one call and every later start failed
//   with "Maximum call stack size exceeded". Now a purge journals one small splice per removal,
//   and a line written by the old purge still replays.
// - A damaged last line that still ends in its newline was dropped as if torn; now each line
//   carries a checksum and such a line is refused, naming the byte to cut at. Journals written
//   before the checksum are still read.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withManyStrategies } from "../../packages/mock-server/src/_test/manyStrategies.ts";
import { testUniverse } from "../../packages/mock-server/src/_test/testUniverse.ts";
import { filePersistence } from "../../packages/mock-server/src/adapters/node/filePersistence.ts";
import { createStore } from "../../packages/mock-server/src/store/Store.ts";
import { initialState } from "../../packages/mock-server/src/store/initialState.ts";

const DAY = 86_400_000;
const dir = mkdtempSync(join(tmpdir(), "thematic-replay-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NEVER_COMPACT = 2 ** 50; // as if every compaction were killed or failed: the journal keeps its lines
const open = (file: string) =>
  createStore({
    universe: testUniverse,
    persistence: filePersistence(file, { compactMinBytes: NEVER_COMPACT, log: () => {} }),
    seed: 1,
    extraKeys: [],
    now: () => 40 * DAY,
    retentionMs: 30 * DAY,
  });

describe("a journal at 140,000 strategies", () => {
  const fixtures = initialState(testUniverse, 1, []);
  const first = fixtures.strategies.length + 1000;
  const last = fixtures.strategies.length + 139_000;
  const big = withManyStrategies(
    fixtures,
    140_000,
    new Map([
      [1000, 0],
      [139_000, 0],
    ]),
  ); // two archived at time 0
  const snapshot = (file: string) => writeFileSync(file, JSON.stringify({ ...big, journalSeq: 0 }));

  it("purging 2 strategies journals two small splices, and the state replays at the next start", () => {
    const file = join(dir, "purge.json");
    snapshot(file);
    const store = open(file);
    expect(store.state.strategies.length).toBe(big.strategies.length);
    store.purgeExpired();
    expect(store.state.strategies.length).toBe(big.strategies.length - 2);
    expect(statSync(`${file}.journal`).size).toBeLessThan(1000); // was 44 MB: everything between the two
    const reopened = open(file);
    expect(reopened.state.strategies.length).toBe(big.strategies.length - 2);
    expect(reopened.state.strategies.some((s) => s.archivedAt !== null)).toBe(false);
    expect(reopened.state.strategies[first]!.id).toBe(big.strategies[first + 1]!.id);
  }, 180_000);

  it("a line written by the old purge (one splice re-inserting 138,000 strategies) replays", () => {
    const file = join(dir, "old-purge.json");
    snapshot(file);
    const insert = big.strategies.slice(first + 1, last);
    writeFileSync(
      `${file}.journal`,
      `${JSON.stringify({ seq: 1, ops: [{ op: "splice", path: ["strategies"], index: first, remove: last - first + 1, insert }] })}\n`,
    );
    expect(statSync(`${file}.journal`).size).toBeGreaterThan(30_000_000);
    const store = open(file);
    expect(store.state.strategies.length).toBe(big.strategies.length - 2);
    expect(store.state.strategies[last - 1]!.id).toBe(big.strategies[last + 1]!.id);
  }, 180_000);
});

describe("a damaged journal line", () => {
  const rename = (name: string) => (d: { state: { strategies: Array<{ name: string }> } }) =>
    void (d.state.strategies[0]!.name = name);

  it("a damaged last line that ends in its newline (an acknowledged write) is refused, not dropped; both files untouched", () => {
    const file = join(dir, "damaged.json");
    const store = open(file);
    store.mutate(rename("first"));
    store.mutate(rename("acknowledged"));
    const journal = readFileSync(`${file}.journal`);
    const at = journal.lastIndexOf("acknowledged");
    const damaged = Buffer.from(journal);
    damaged[at] = "A".charCodeAt(0); // one byte changed; the line keeps its newline
    writeFileSync(`${file}.journal`, damaged);
    const cut = journal.indexOf("\n") + 1;
    expect(() => open(file)).toThrow(
      new RegExp(
        `damaged\\.json\\.journal line 2 is damaged \\(its checksum does not match its content\\) and is the last line.*acknowledged write.*truncate -s ${cut} `,
      ),
    );
    expect(readFileSync(`${file}.journal`)).toEqual(damaged);
  });

  it("a torn last line (no newline: never acknowledged) is still cut and ignored", () => {
    const file = join(dir, "torn.json");
    const store = open(file);
    store.mutate(rename("kept"));
    appendFileSync(
      `${file}.journal`,
      '{"seq":2,"ops":[{"op":"set","path":["strategies",0,"name"],"value":"torn"}]}\t0000',
    );
    expect(open(file).state.strategies[0]!.name).toBe("kept");
  });

  it("a journal written before the checksum existed is still read", () => {
    const file = join(dir, "legacy.json");
    open(file);
    const op = (seq: number, name: string) =>
      `${JSON.stringify({ seq, ops: [{ op: "set", path: ["strategies", 0, "name"], value: name }] })}\n`;
    writeFileSync(`${file}.journal`, op(1, "one") + op(2, "two"));
    const store = open(file);
    expect(store.state.strategies[0]!.name).toBe("two");
    store.mutate(rename("three")); // appended with a checksum after the legacy lines
    expect(open(file).state.strategies[0]!.name).toBe("three");
  });
});
