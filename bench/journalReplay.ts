// Journal replay at 200,000 strategies (issue 20, item 2): how long a start takes to replay the
// journal onto the snapshot, for three journals a purge or writes can leave behind when the
// compaction after them was killed or failed:
// - a purge of 2 strategies as it is journaled now (one small splice per strategy removed);
// - 1,000 single-field writes (the first also runs the purge: 1,001 lines);
// - the line the old purge wrote: ONE splice re-inserting every strategy between the two removed
//   (199,000 of them, 44 MB), which used to overflow the stack at replay.
// "replay" is reading the journal (lines, checksums, entry schema) and applying its ops to the
// parsed snapshot, median of 3; "start" is a whole `filePersistence.load()` (snapshot parse,
// replay, validation of the state), once.
// Usage: npm run bench:journal
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withManyStrategies } from "../packages/mock-server/src/_test/manyStrategies.ts";
import { testUniverse } from "../packages/mock-server/src/_test/testUniverse.ts";
import { readJournal } from "../packages/mock-server/src/adapters/node/_internal/readJournal.ts";
import { filePersistence } from "../packages/mock-server/src/adapters/node/filePersistence.ts";
import { applyStateOps } from "../packages/mock-server/src/store/StateOp.ts";
import { createStore } from "../packages/mock-server/src/store/Store.ts";
import { initialState } from "../packages/mock-server/src/store/initialState.ts";

const N = 200_000;
const DAY = 86_400_000;
const NEVER_COMPACT = 2 ** 50;
const dir = mkdtempSync(join(tmpdir(), "thematic-bench-journal-"));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const fixtures = initialState(testUniverse, 1, []);
  const first = fixtures.strategies.length + 1000;
  const last = fixtures.strategies.length + 199_000;
  const state = withManyStrategies(
    fixtures,
    N,
    new Map([
      [1000, 0],
      [199_000, 0],
    ]),
  );
  const snapshotText = JSON.stringify({ ...state, journalSeq: 0 });
  const base = join(dir, "base.json");
  writeFileSync(base, snapshotText);
  const open = (file: string) =>
    createStore({
      universe: testUniverse,
      persistence: filePersistence(file, { compactMinBytes: NEVER_COMPACT, log: () => {} }),
      seed: 1,
      extraKeys: [],
      now: () => 40 * DAY,
      retentionMs: 30 * DAY,
    });
  const scenario = (name: string, make: (file: string) => void) => {
    const file = join(dir, `${name.replace(/\W+/g, "-")}.json`);
    copyFileSync(base, file);
    make(file);
    return { name, file };
  };
  const scenarios = [
    scenario("purge of 2, as journaled now", (file) => open(file).purgeExpired()),
    scenario("1,000 single-field writes (and the purge the first one runs)", (file) => {
      const store = open(file);
      for (let i = 0; i < 1000; i++)
        store.mutate((d) => void (d.state.strategies[(i * 197) % N]!.name = `renamed ${i}`));
    }),
    scenario("the old purge's line (one splice of 199,000)", (file) => {
      const insert = state.strategies.slice(first + 1, last);
      writeFileSync(
        `${file}.journal`,
        `${JSON.stringify({ seq: 1, ops: [{ op: "splice", path: ["strategies"], index: first, remove: last - first + 1, insert }] })}\n`,
      );
    }),
  ];
  console.log(
    `Journal replay at ${N.toLocaleString("en")} strategies (snapshot ${(snapshotText.length / 1e6).toFixed(1)} MB), Node ${process.version}`,
  );
  console.log(
    "| journal | lines | bytes | replay ms (median of 3) | start ms (load, once) |\n|---|---:|---:|---:|---:|",
  );
  for (const { name, file } of scenarios) {
    const journal = readFileSync(`${file}.journal`);
    const times: number[] = [];
    let lines = 0;
    for (let rep = 0; rep < 3; rep++) {
      const target = JSON.parse(snapshotText) as object;
      const t0 = performance.now();
      const entries = readJournal(journal, `${file}.journal`).entries;
      applyStateOps(
        target,
        entries.flatMap((e) => e.ops),
      );
      times.push(performance.now() - t0);
      lines = entries.length;
    }
    const t1 = performance.now();
    filePersistence(file, { compactMinBytes: NEVER_COMPACT }).load();
    const start = performance.now() - t1;
    console.log(
      `| ${name} | ${lines} | ${statSync(`${file}.journal`).size.toLocaleString("en")} | ${median(times).toFixed(1)} | ${start.toFixed(0)} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
