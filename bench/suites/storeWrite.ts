// Write cost against state size (issue 11, serious 4): one PATCH of a strategy and one POST of
// a portfolio (overwriting the same one each time, so the state's size stays put), through the
// whole app in process, on the fixtures' state and on a state of 10,000 more strategies and
// 10,000 more portfolios, in memory and persisted to a file (as `--data`: journal line + fsync,
// compaction included when it falls due). Target: the large state within 2x of the fixtures'.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Bench } from "tinybench";
import { loadUniverse } from "@thematic/fixtures/load";
import { filePersistence } from "../../packages/mock-server/src/adapters/node/filePersistence.ts";
import { createMock, type Mock } from "../../packages/mock-server/src/app/createApp.ts";
import { memoryPersistence, type Persistence } from "../../packages/mock-server/src/store/Persistence.ts";
import type { StoreState } from "../../packages/mock-server/src/store/StoreState.ts";
import type { Suite } from "../harness.ts";

const EXTRA = 10_000;

/** The fixtures' state plus EXTRA strategies and EXTRA portfolios, copies of fixture ones with new ids. */
function largeState(base: Readonly<StoreState>, portfolios: readonly unknown[]): StoreState {
  const state = JSON.parse(JSON.stringify(base)) as StoreState;
  const users = state.users.map((u) => u.id);
  const models = state.strategies;
  for (let i = 0; i < EXTRA; i++) {
    const copy = JSON.parse(JSON.stringify(models[i % models.length])) as StoreState["strategies"][number];
    copy.id = randomUUID();
    copy.userId = users[i % users.length]!;
    copy.name = `bulk strategy ${i}`;
    state.strategies.push(copy);
  }
  const bulk = Array.from({ length: EXTRA }, (_, i) => ({
    ...(JSON.parse(JSON.stringify(portfolios[i % portfolios.length])) as Record<string, unknown>),
    id: randomUUID(),
    userId: users[i % users.length],
    name: `bulk portfolio ${i}`,
  }));
  state.extensions.portfolios = { version: 1, portfolios: [...portfolios, ...bulk] };
  return state;
}

const suite: Suite = {
  name: "storeWrite",
  timeMs: 1500,
  targets: {
    "PATCH strategy, 10k+10k state, in memory": "<= 2x fixtures",
    "POST portfolio, 10k+10k state, in memory": "<= 2x fixtures",
    "PATCH strategy, 10k+10k state, --data": "<= 2x fixtures",
    "POST portfolio, 10k+10k state, --data": "<= 2x fixtures",
  },
  async register(bench: Bench) {
    const universe = loadUniverse();
    const dir = mkdtempSync(join(tmpdir(), "thematic-bench-store-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const seedMock = createMock({ universe, quiet: true });
    const fixtureState = seedMock.ctx.store.state;
    // The portfolios section as the store writes it (its first portfolio write initialises it).
    const owner = fixtureState.users.find(
      (u) => u.active && fixtureState.strategies.some((s) => s.userId === u.id && s.archivedAt === null),
    )!;
    const holdings = [{ symbol: [...universe.securityById.values()][0]!.symbol, weight: 1 }];
    const headers = { Authorization: `Bearer ${owner.apiKey}`, "Content-Type": "application/json" };
    await seedMock.app.request("/v1/portfolios", {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "bench seed", holdings }),
    });
    const fixturePortfolios = (seedMock.ctx.store.state.extensions.portfolios as { portfolios: unknown[] }).portfolios;
    // Kept as text: a live 20,000-record object would slow every task's garbage collection.
    const largeText = JSON.stringify(largeState(fixtureState, fixturePortfolios));
    const preloaded = (text: string): Persistence => ({
      ...memoryPersistence,
      load: () => JSON.parse(text) as StoreState,
    });
    const onFile = (name: string, text: string | null): (() => Persistence) => {
      const file = join(dir, `${name}.json`);
      if (text !== null) filePersistence(file).replace(JSON.parse(text) as StoreState);
      return () => filePersistence(file);
    };
    const configs: Array<[string, () => Persistence]> = [
      ["fixtures, in memory", () => memoryPersistence],
      ["10k+10k state, in memory", () => preloaded(largeText)],
      ["fixtures, --data", onFile("fixtures", null)],
      ["10k+10k state, --data", onFile("large", largeText)],
    ];
    // Each task builds its mock before it runs and drops it after, so one large state at most is alive.
    for (const [label, persistence] of configs) {
      let n = 0;
      const task = (name: string, request: (mock: Mock, strategyId: string) => Promise<Response>) => {
        let mock: Mock | null = null;
        let strategyId = "";
        bench.add(
          `${name}, ${label}`,
          async () => {
            const r = await request(mock!, strategyId);
            if (r.status !== 200 && r.status !== 201) throw new Error(`${name} answered ${r.status}`);
          },
          {
            beforeAll() {
              if (mock !== null) return;
              mock = createMock({ universe, quiet: true, persistence: persistence() });
              strategyId = mock.ctx.store.state.strategies.find(
                (s) => s.userId === owner.id && s.archivedAt === null,
              )!.id;
            },
            afterAll(mode) {
              if (mode === "run") mock = null;
            },
          },
        );
      };
      task("PATCH strategy", (m, id) =>
        Promise.resolve(
          m.app.request(`/v1/strategies/${id}`, {
            method: "PATCH",
            headers,
            body: JSON.stringify({ name: `renamed ${n++}` }),
          }),
        ),
      );
      task("POST portfolio", (m) =>
        Promise.resolve(
          m.app.request("/v1/portfolios", {
            method: "POST",
            headers,
            body: JSON.stringify({ name: "bench", holdings, tags: [`t${n++}`] }),
          }),
        ),
      );
    }
  },
};

export default suite;
