import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { runOk } from "./_support/npmEnv.ts";
import { portIsFree } from "./_support/portIsFree.ts";
import { readmeBlock, runReadmePath } from "./_support/readmeBlock.ts";
import { startMock, type RunningMock } from "./_support/startMock.ts";

const ctx = inject("packaging");
let mock: RunningMock | undefined;
afterEach(async () => {
  await mock?.stop();
  mock = undefined;
});

const COLUMNS = ["max Sharpe", "HRP", "Black–Litterman", "shares"] as const;

/** The rows of a `console.table` print: index → column → cell text. */
function consoleTable(stdout: string): Map<string, Record<string, string>> {
  const lines = stdout.split("\n").filter((l) => l.startsWith("│"));
  const cells = (line: string) =>
    line
      .split("│")
      .slice(1, -1)
      .map((c) => c.trim());
  const [header, ...rows] = lines.map(cells);
  return new Map(rows.map((r) => [r[0]!, Object.fromEntries(header!.slice(1).map((h, i) => [h, r[i + 1]!]))]));
}

describe("the README's quant's day, from the packed packages", () => {
  it("is at most 20 lines of TypeScript", () => {
    const script = readmeBlock(ctx.repo, "day-script");
    expect(script.trimEnd().split("\n").length).toBeLessThanOrEqual(20);
  });

  it("runs as written in an empty folder against the installed mock on port 4010: labelled weights summing to 1, whole shares within $100,000, the frontier chart and the HTML tear sheet", async () => {
    expect(await portIsFree(4010), "port 4010 must be free for the README's quant's day").toBe(true);
    const { folder, stdout } = await runReadmePath(ctx, "day", async (dir) => {
      mock = await startMock("npx thematic-mock", dir);
    });
    expect(mock!.url).toBe("http://127.0.0.1:4010");
    expect(stdout).not.toMatch(/NaN|Infinity/);

    // The weights of the three portfolios, labelled by the ETFs' ids, each summing to 1 (printed to 4 decimals).
    const table = consoleTable(stdout);
    const ids = ["QQQ", "IWM", "EFA", "EEM", "XLK", "XLF", "XLE", "XLV", "TLT", "AGG"];
    expect([...table.keys()]).toEqual(ids);
    for (const column of COLUMNS.slice(0, 3)) {
      const weights = ids.map((id) => Number(table.get(id)![column]));
      for (const w of weights) expect(w).toBeGreaterThanOrEqual(0);
      expect(
        weights.reduce((a, b) => a + b, 0),
        column,
      ).toBeCloseTo(1, 3);
      // The maximum-Sharpe portfolios keep the block's rule, at most 30% in one fund.
      if (column !== "HRP") expect(Math.max(...weights), column).toBeLessThanOrEqual(0.3 + 5e-5);
    }

    // The shares, priced at the close of the estimation's last day as the mock serves it, cost at most $100,000 and what the block printed.
    const shares = ids.map((id) => Number(table.get(id)!.shares));
    for (const n of shares) expect(Number.isInteger(n) && n >= 0).toBe(true);
    const cut = Date.UTC(2024, 10, 20) / 1000;
    const closes = await Promise.all(
      ids.map(async (id) => {
        const response = await fetch(`${mock!.url}/v1/benchmarks/${id}?interval=daily&from=2024-11-20&to=2024-12-31`, {
          headers: { Authorization: `Bearer ${mock!.key}` },
        });
        const body = (await response.json()) as { prices: Array<[number, number]> };
        return body.prices.find(([t]) => t >= cut)![1];
      }),
    );
    const spent = shares.reduce((s, n, i) => s + n * closes[i]!, 0);
    expect(spent).toBeLessThanOrEqual(100_000);
    expect(stdout).toContain(`spent $${spent.toFixed(2)} of $100,000`);
    // Least cash: what is left cannot buy one more share of any fund held in the target.
    expect(100_000 - spent).toBeLessThan(Math.max(...closes));
    expect(stdout).toMatch(/2-year return -?\d+\.\d% \(SPY -?\d+\.\d%\)/);

    // The frontier chart names every fund beside its dot.
    const svg = readFileSync(join(folder, "frontier.svg"), "utf8");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("Efficient frontier");
    for (const id of ids) expect(svg).toMatch(new RegExp(`>${id}</text>`));

    // The tear sheet: one HTML page with the metrics table of the portfolio against SPY, daily.
    expect(existsSync(join(folder, "tearsheet.html"))).toBe(true);
    const html = readFileSync(join(folder, "tearsheet.html"), "utf8");
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toMatch(/<th>Portfolio<\/th>\s*<th>SPY<\/th>/);
    expect(html).toMatch(/<td>Sharpe ratio<\/td>\s*<td>[−-]?\d/);
    expect(html).toContain("Daily, 252 periods a year");
    expect(html).not.toMatch(/NaN|Infinity/);

    // TypeScript, not only something tsx strips: the script type-checks (strict) against the installed packages' declarations.
    const project = ctx.project;
    writeFileSync(
      join(folder, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
          typeRoots: [join(project, "node_modules", "@types")],
        },
        files: ["day.mts"],
      }),
    );
    await runOk(`node "${join(project, "node_modules", "typescript", "bin", "tsc")}" -p tsconfig.json`, folder);
  });
});
