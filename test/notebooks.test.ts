import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const repo = join(import.meta.dirname, "..");
const runner = join(repo, "scripts", "run-notebooks.mjs");

/** Runs scripts/run-notebooks.mjs with `args` and returns its exit status and output. */
function runNotebooks(args: string[], env: NodeJS.ProcessEnv = process.env): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [runner, ...args], { cwd: repo, env, encoding: "utf8", timeout: 180_000 });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe("examples/*.ipynb (Deno, every code cell in order, against the mock)", () => {
  it("run without a cell throwing", () => {
    const { status, output } = runNotebooks([]);
    expect(output).toMatch(/backtest-and-optimize\.ipynb: \d+ code cells ran/);
    expect(output).toMatch(/conviction-vs-market-cap\.ipynb: \d+ code cells ran/);
    expect(status).toBe(0);
  }, 180_000);

  it("the runner fails naming the cell that threw, with later cells seeing earlier bindings", () => {
    const dir = mkdtempSync(join(tmpdir(), "notebook-"));
    const code = (source: string) => ({ cell_type: "code", metadata: {}, outputs: [], execution_count: null, source });
    const notebook = {
      cells: [code("const a = 20;\n"), { cell_type: "markdown", metadata: {}, source: "text" }, code("const b: number = a + 1;\nif (b === 21) throw new Error(`cell saw a = ${a}`);\n")],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    };
    writeFileSync(join(dir, "bad.ipynb"), JSON.stringify(notebook));
    // No mock needed: the notebook makes no request.
    const { status, output } = runNotebooks([join(dir, "bad.ipynb")], { ...process.env, THEMATIC_API_URL: "http://127.0.0.1:9" });
    expect(status).toBe(1);
    expect(output).toMatch(/bad\.ipynb: cell 3 threw/);
    expect(output).toMatch(/cell saw a = 20/);
  }, 60_000);
});
