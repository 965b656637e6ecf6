import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { run } from "./_support/npmEnv.ts";

const ctx = inject("packaging");

describe("the installed packages' declarations", () => {
  it("type-check a consumer with tsc (strict, NodeNext) and reject a wrong call", async () => {
    writeFileSync(
      join(ctx.project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
          lib: ["ES2023", "DOM"],
        },
        files: ["consumer.ts"],
      }),
    );
    writeFileSync(
      join(ctx.project, "consumer.ts"),
      `import { buyAndHoldBacktest, meanCvarOptimize, type BacktestResult, type OptimizerResult, EngineError } from "@thematic/engine";
import { createApp } from "@thematic/mock-server";
import { setupMockServer } from "@thematic/mock-server/msw/node";
import type { setupMockWorker } from "@thematic/mock-server/msw/browser";
import { ThematicClient, ThematicApiError, type StrategyV1 } from "@thematic/client";
import { navChart, tearSheetCharts, ChartError } from "@thematic/charts";

const result: BacktestResult = buyAndHoldBacktest({
  calendar: [0, 86400],
  holdings: [{ id: "A", weight: 1 }],
  prices: new Map([["A", { start: 0, closes: [1, 2] }]]),
  benchmark: { symbol: "SPY", series: { start: 0, closes: [1, 2] } },
});
const nav: number = result.timeSeries[0]![1];
const optimized: Promise<OptimizerResult> = meanCvarOptimize([], { assetIds: [], returns: new Float64Array(0), periods: 0 });
const code: string = new EngineError("INVALID_INPUT", "x").code;
const response: Response | Promise<Response> = createApp().request("/v1/health");
setupMockServer({ baseUrl: "https://api.example.test" }).listen();
type Worker = ReturnType<typeof setupMockWorker>;
const start: Worker["start"] | undefined = undefined;
// @ts-expect-error holdings must be an array of { id, weight }
buyAndHoldBacktest({ calendar: [0], holdings: "A", prices: new Map(), benchmark: { symbol: "SPY", series: { start: 0, closes: [1] } } });

const client = new ThematicClient({ baseUrl: "http://localhost:4010", apiKey: "k" });
async function walk(): Promise<number> {
  const created = await client.post("/v1/strategies", { body: { name: "Grid", objective: "grid storage" } });
  const built: StrategyV1 = await client.waitForBuild(created.id, { timeoutMs: 60_000 });
  const result = await client.optimize(created.id, { query: { maxWeight: 0.1 } });
  const weight: number = result.portfolio[0]!.weight;
  // @ts-expect-error the path template's parameter is required
  await client.get("/v1/strategies/{id}");
  // @ts-expect-error not a path of the API
  await client.get("/v1/no-such-endpoint");
  return built.status + weight + new ThematicApiError({ status: 404, error: "x", method: "GET", path: "/" }).status;
}
const svg: Promise<string> = navChart(result, { logScale: true, title: "NAV" });
const sheet: Promise<string> = tearSheetCharts({ backtest: result, portfolioLabel: "Grid" });
const field: string = new ChartError("portfolio", "must not be empty").field;
// @ts-expect-error a chart takes a backtest result or series, not a number
void navChart(42);
export { nav, optimized, code, response, start, walk, svg, sheet, field };
`,
    );
    const ok = await run("node_modules/.bin/tsc -p tsconfig.json", ctx.project);
    expect(ok.stdout).toBe("");
    expect(ok.code).toBe(0);

    // The same file with the expected error removed must fail: the declarations are real types, not any.
    writeFileSync(
      join(ctx.project, "tsconfig.wrong.json"),
      JSON.stringify({ extends: "./tsconfig.json", files: ["wrong.ts"] }),
    );
    writeFileSync(
      join(ctx.project, "wrong.ts"),
      `import { sharpeRatio } from "@thematic/engine";\nexport const x: string = sharpeRatio([0.01, 0.02, -0.01]);\n`,
    );
    const wrong = await run("node_modules/.bin/tsc -p tsconfig.wrong.json", ctx.project);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stdout).toMatch(/wrong\.ts.*TS2322/);
  });
});
