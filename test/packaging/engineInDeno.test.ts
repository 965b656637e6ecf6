import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { runOk } from "./_support/npmEnv.ts";

const ctx = inject("packaging");

describe("the installed engine in Deno (the npm `deno` package's binary)", () => {
  it("imports the engine from the project's node_modules and solves with HiGHS's WebAssembly", async () => {
    writeFileSync(
      join(ctx.project, "deno-check.ts"),
      `import { meanCvarOptimize, conditionalValueAtRisk } from "@thematic/engine";
const ids = ["A", "B", "C"];
const returns = new Float64Array([0.01, -0.02, 0.03, -0.01, 0.02, 0.01, 0.02, 0.01, -0.03, 0, 0.01, 0.02]);
const companies = ids.map((id) => ({ id, marketCap: 1e10, linguisticBeta: 0.5, marketBuzz: 1, convictionScore: 0.5 }));
const r = await meanCvarOptimize(companies, { assetIds: ids, returns, periods: 4 }, { maxWeight: 0.5 });
console.log(JSON.stringify({ weights: r.weights.map((w) => w.weight), status: r.certificate.status, cvar: conditionalValueAtRisk([0.01, -0.04, 0.02, -0.01, 0.03], 0.8) }));
`,
    );
    const deno = join(ctx.repo, "node_modules", ".bin", "deno");
    const { stdout } = await runOk(`"${deno}" run --quiet --allow-read --allow-env deno-check.ts`, ctx.project, {
      ...process.env,
      DENO_NO_UPDATE_CHECK: "1",
    });
    const r = JSON.parse(stdout) as { weights: number[]; status: string; cvar: number };
    // The engine's own documented example (meanCvarOptimize's doc comment): the LP vertex 3/7, 1/3, 5/21
    // (the minimum-CVaR portfolio of the four scenarios, which the normalised objective keeps here).
    [3 / 7, 1 / 3, 5 / 21].forEach((w, i) => expect(r.weights[i]).toBeCloseTo(w, 12));
    expect(r.status).toBe("optimal");
    expect(r.cvar).toBeCloseTo(0.04, 15);
  });
});
