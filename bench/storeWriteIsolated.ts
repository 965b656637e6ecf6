// Write cost against state size (issue 11, serious 4), one state per process: the storeWrite
// suite keeps every task's mock alive in one heap, so its large-state tasks also pay for the
// garbage collection of the others' states. Here each (state, persistence) pair runs in a child
// process of its own: build the state, warm up with 500 writes, then time 3,000 POSTs that
// overwrite one portfolio (so the state's size stays put) through the whole app in process.
// Usage: npx tsx --conditions=@thematic/source bench/storeWriteIsolated.ts
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadUniverse } from "@thematic/fixtures/load";
import { filePersistence } from "../packages/mock-server/src/adapters/node/filePersistence.ts";
import { createMock } from "../packages/mock-server/src/app/createApp.ts";
import { memoryPersistence } from "../packages/mock-server/src/store/Persistence.ts";
import type { StoreState } from "../packages/mock-server/src/store/StoreState.ts";

const EXTRA = 10_000;
const WARM = 500;
const WRITES = 3_000;

async function child(state: "fixtures" | "large", persisted: boolean): Promise<number> {
  const universe = loadUniverse();
  const seed = createMock({ universe, quiet: true });
  const st = seed.ctx.store.state;
  const owner = st.users.find(
    (u) => u.active && st.strategies.some((s) => s.userId === u.id && s.archivedAt === null),
  )!;
  const holdings = [{ symbol: [...universe.securityById.values()][0]!.symbol, weight: 1 }];
  const headers = { Authorization: `Bearer ${owner.apiKey}`, "Content-Type": "application/json" };
  const body = JSON.stringify({ name: "bench seed", holdings });
  await seed.app.request("/v1/portfolios", { method: "POST", headers, body });
  const base = JSON.parse(JSON.stringify(seed.ctx.store.state)) as StoreState;
  if (state === "large") {
    const users = base.users.map((u) => u.id);
    for (let i = 0; i < EXTRA; i++) {
      const copy = JSON.parse(
        JSON.stringify(base.strategies[i % base.strategies.length]),
      ) as StoreState["strategies"][number];
      base.strategies.push({ ...copy, id: randomUUID(), userId: users[i % users.length]!, name: `bulk strategy ${i}` });
    }
    const portfolios = (base.extensions.portfolios as { portfolios: Array<Record<string, unknown>> }).portfolios;
    const n = portfolios.length;
    for (let i = 0; i < EXTRA; i++)
      portfolios.push({
        ...(JSON.parse(JSON.stringify(portfolios[i % n])) as Record<string, unknown>),
        id: randomUUID(),
        userId: users[i % users.length],
        name: `bulk portfolio ${i}`,
      });
  }
  const text = JSON.stringify(base);
  const dir = mkdtempSync(join(tmpdir(), "thematic-bench-isolated-"));
  try {
    let persistence = { ...memoryPersistence, load: () => JSON.parse(text) as StoreState };
    if (persisted) {
      const file = filePersistence(join(dir, "state.json"));
      file.replace(JSON.parse(text) as StoreState);
      persistence = file as typeof persistence;
    }
    const mock = createMock({ universe, quiet: true, persistence });
    for (let i = 0; i < WARM; i++) await mock.app.request("/v1/portfolios", { method: "POST", headers, body });
    const t0 = performance.now();
    for (let i = 0; i < WRITES; i++) await mock.app.request("/v1/portfolios", { method: "POST", headers, body });
    return (performance.now() - t0) / WRITES;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [, , mode, state, persisted] = process.argv;
if (mode === "child") {
  process.stdout.write(String(await child(state as "fixtures" | "large", persisted === "data")));
} else {
  const self = fileURLToPath(import.meta.url);
  const run = (s: string, p: string) =>
    Number(
      execFileSync(process.execPath, ["--import", "tsx", "--conditions=@thematic/source", self, "child", s, p], {
        encoding: "utf8",
      }),
    );
  console.log("| persistence | fixtures ms/write | 10k+10k ms/write | large ÷ fixtures |\n|---|---:|---:|---:|");
  for (const p of ["memory", "data"]) {
    const small = run("fixtures", p);
    const large = run("large", p);
    console.log(
      `| ${p === "data" ? "--data (journal + fsync)" : "in memory"} | ${small.toFixed(3)} | ${large.toFixed(3)} | ${(large / small).toFixed(2)}× |`,
    );
  }
}
