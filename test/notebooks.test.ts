import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scaled } from "./_support/timeScale.ts";

const repo = join(import.meta.dirname, "..");
const runner = join(repo, "scripts", "run-notebooks.mjs");

/** Runs scripts/run-notebooks.mjs with `args` and returns its exit status and output. */
function runNotebooks(args: string[], env: NodeJS.ProcessEnv = process.env): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [runner, ...args], {
    cwd: repo,
    env,
    encoding: "utf8",
    timeout: scaled(180_000),
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe("examples/*.ipynb (Deno, every code cell in order, against the mock)", () => {
  it(
    "run without a cell throwing",
    () => {
      const { status, output } = runNotebooks([]);
      // Each chart cell displayed an SVG with its title (the runner checks every displayed bundle).
      expect(output).toMatch(
        /backtest-and-optimize\.ipynb: \d+ code cells ran, 3 charts shown \(NAV against SPY; Drawdown; Tear sheet: Mean-CVaR against SPY\), 5 tables/,
      );
      expect(output).toMatch(
        /conviction-vs-market-cap\.ipynb: \d+ code cells ran, 1 chart shown \(Conviction score against market cap, every premade strategy\), 5 tables/,
      );
      expect(output).toMatch(
        /tear-sheet\.ipynb: \d+ code cells ran, 16 charts shown \(Cumulative returns; Cumulative returns, volatility-matched; Cumulative returns \(log scale\); End-of-year returns; End-of-year returns, table; Weekly returns by date; Monthly returns; Distribution of returns; Distribution of monthly returns; Returns by calendar period; Rolling volatility; Rolling Sharpe ratio; Rolling Sortino ratio; Rolling beta against SPY; Underwater; Worst drawdowns\), 2 tables/,
      );
      expect(output).toMatch(
        /portfolio-construction\.ipynb: \d+ code cells ran, 2 charts shown \(HRP weights; HRP against mean-CVaR, out of sample\), 7 tables/,
      );
      expect(output).toMatch(
        /walk-forward\.ipynb: \d+ code cells ran, 3 charts shown \(Out-of-sample NAV, monthly rebalancing, 10 bp costs; Out-of-sample drawdown; CPCV: out-of-sample Sharpe ratio of each of the 5 paths\), 5 tables/,
      );
      expect(status).toBe(0);
    },
    scaled(240_000),
  );

  it("the runner fails naming the cell that threw, with later cells seeing earlier bindings", () => {
    const dir = mkdtempSync(join(tmpdir(), "notebook-"));
    const code = (source: string) => ({ cell_type: "code", metadata: {}, outputs: [], execution_count: null, source });
    const throwing = `const b: number = a + 1;\nif (b === 21) throw new Error(\`cell saw a = \${a}\`);\n`;
    const notebook = {
      cells: [code("const a = 20;\n"), { cell_type: "markdown", metadata: {}, source: "text" }, code(throwing)],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    };
    writeFileSync(join(dir, "bad.ipynb"), JSON.stringify(notebook));
    // No mock needed: the notebook makes no request.
    const { status, output } = runNotebooks([join(dir, "bad.ipynb")], {
      ...process.env,
      THEMATIC_API_URL: "http://127.0.0.1:9",
    });
    expect(status).toBe(1);
    expect(output).toMatch(/bad\.ipynb: cell 3 threw/);
    expect(output).toMatch(/cell saw a = 20/);
  });

  it("the runner fails a notebook whose displayed chart is not an SVG with a title", () => {
    const dir = mkdtempSync(join(tmpdir(), "notebook-"));
    const code = (source: string) => ({ cell_type: "code", metadata: {}, outputs: [], execution_count: null, source });
    const display = (svg: string) =>
      code(`console.log("Jupyter.display " + JSON.stringify({ "image/svg+xml": ${JSON.stringify(svg)} }));\n`);
    const svg = (title: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g class="mark-text role-title-text"><text>${title}</text></g></svg>`;
    const write = (name: string, cells: object[]) => {
      writeFileSync(join(dir, name), JSON.stringify({ cells, metadata: {}, nbformat: 4, nbformat_minor: 5 }));
      return join(dir, name);
    };
    const env = { ...process.env, THEMATIC_API_URL: "http://127.0.0.1:9" };
    const good = runNotebooks([write("good.ipynb", [display(svg("A chart"))])], env);
    expect(good.output).toMatch(/good\.ipynb: 1 code cells ran, 1 chart shown \(A chart\)/);
    expect(good.status).toBe(0);
    for (const [name, bad, why] of [
      ["untitled.ipynb", svg(" "), /has no title/],
      ["empty.ipynb", "", /is not one SVG document/],
      ["nan.ipynb", svg("NaN chart").replace('width="10"', 'width="NaN"'), /holds NaN or Infinity/],
    ] as const) {
      const result = runNotebooks([write(name, [display(bad)])], env);
      expect(result.status, name).toBe(1);
      expect(result.output).toMatch(why);
    }
  });

  it("the runner counts displayed HTML tables and fails one that holds NaN or is not one table", () => {
    const dir = mkdtempSync(join(tmpdir(), "notebook-"));
    const code = (source: string) => ({ cell_type: "code", metadata: {}, outputs: [], execution_count: null, source });
    const display = (html: string) =>
      code(`console.log("Jupyter.display " + JSON.stringify({ "text/html": ${JSON.stringify(html)} }));\n`);
    const write = (name: string, cells: object[]) => {
      writeFileSync(join(dir, name), JSON.stringify({ cells, metadata: {}, nbformat: 4, nbformat_minor: 5 }));
      return join(dir, name);
    };
    const env = { ...process.env, THEMATIC_API_URL: "http://127.0.0.1:9" };
    const good = runNotebooks(
      [
        write("good.ipynb", [
          display("<table><tr><td>1.5</td></tr></table>"),
          display('<table class="t"><tr><td>2</td></tr></table>'),
        ]),
      ],
      env,
    );
    expect(good.output).toMatch(/good\.ipynb: 2 code cells ran, 2 tables/);
    expect(good.status).toBe(0);
    for (const [name, bad, why] of [
      ["nan.ipynb", "<table><tr><td>NaN</td></tr></table>", /table 1 holds NaN or Infinity/],
      ["two.ipynb", "<table></table><table></table>", /table 1 is not one HTML table/],
      ["text.ipynb", "<p>no table</p>", /table 1 is not one HTML table/],
    ] as const) {
      const result = runNotebooks([write(name, [display(bad)])], env);
      expect(result.status, name).toBe(1);
      expect(result.output).toMatch(why);
    }
  });
});
