// The engine's import graph (CONTRIBUTING.md, "Where things live"): no two files import each other
// round a circle, and no area imports another area's `_internal/` folder: a helper that two
// areas need lives outside `_internal/` (the area's own folder, or the engine-wide `src/_internal/`,
// `linearAlgebra/`, `quadraticProgram/`), so that `_internal/` means "used only here". Read from
// the source with the TypeScript compiler (the mock's importGraph.ts reader), so it stays true as
// code moves.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { layerReport, readImportGraph, type ImportEdge } from "../../packages/mock-server/scripts/importGraph.ts";

const ENGINE_SRC = join(dirname(fileURLToPath(import.meta.url)), "../../packages/engine/src");

/**
 * Imports into another area's `_internal/` allowed: none. The HiGHS loader every solving area shares
 * lives in `highs/`, the constraint rules every optimizer family reads in `constraints/`, the dense
 * kernels in `linearAlgebra/`.
 */
const ALLOWED_INTO_INTERNAL: readonly ImportEdge[] = [];

const areaOf = (file: string): string => (file.includes("/") ? file.slice(0, file.indexOf("/")) : "");

/** Edges whose target sits in an `_internal/` folder of an area other than the importer's (the engine-wide `src/_internal/` is shared by all). */
function intoOtherInternal(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges.filter(({ from, to }) => {
    if (to.startsWith("_internal/")) return false;
    return /(^|\/)_internal\//.test(to) && areaOf(to) !== areaOf(from);
  });
}

const graph = readImportGraph(ENGINE_SRC);
const areas = [...new Set(graph.files.map((f) => areaOf(f) || f))];

describe("the engine's import graph", () => {
  it("has no file circle", () => {
    expect(layerReport(graph, areas).fileCircles).toEqual([]);
  });

  it("imports no other area's _internal/ folder (no exception)", () => {
    const allowed = new Set(ALLOWED_INTO_INTERNAL.map((e) => `${e.from} -> ${e.to}`));
    const found = intoOtherInternal(graph.edges).map((e) => `${e.from} -> ${e.to}`);
    expect(found.filter((e) => !allowed.has(e))).toEqual([]);
    // The exception still exists (else it should be removed from the list).
    expect(found).toEqual([...allowed]);
  });

  it("is read from the whole engine source, imports of types included", () => {
    expect(graph.files.length).toBeGreaterThan(250);
    expect(graph.edges).toContainEqual({
      from: "meanVariance/_internal/solveGoal.ts",
      to: "quadraticProgram/activeSetAt.ts",
    });
    expect(graph.edges).toContainEqual({ from: "backtest/weeklyPriceTable.ts", to: "backtest/types.ts" }); // import type
  });
});

/** Files that check their options themselves instead of through `_internal/readOptions.ts`: none. */
const OWN_OPTION_CHECKS: string[] = [];

describe("the engine's options envelope", () => {
  it("is _internal/readOptions.ts: no other file tests `typeof options` or checks option keys itself", () => {
    const own = graph.files.filter((file) => {
      if (file === "_internal/readOptions.ts" || file === "_internal/assertKnownKeys.ts") return false; // the envelope and the key check it calls
      const text = readFileSync(join(ENGINE_SRC, file), "utf8");
      return /typeof options !==? "object"|assertKnownKeys\("options"|Object\.keys\(options\)/.test(text);
    });
    expect(own).toEqual(OWN_OPTION_CHECKS);
  });
});

describe("the engine's import checks themselves", () => {
  it("find an import into another area's _internal/ and a file circle", () => {
    const edges: ImportEdge[] = [
      { from: "tearsheet/beta.ts", to: "stats/_internal/scale.ts" }, // another area's _internal/
      { from: "stats/sharpe.ts", to: "stats/_internal/scale.ts" }, // its own
      { from: "stats/_internal/scale.ts", to: "_internal/tolerance.ts" }, // the engine-wide folder
      { from: "backtest/types.ts", to: "backtest/table.ts" },
      { from: "backtest/table.ts", to: "backtest/types.ts" },
    ];
    expect(intoOtherInternal(edges)).toEqual([{ from: "tearsheet/beta.ts", to: "stats/_internal/scale.ts" }]);
    const files = [...new Set(edges.flatMap((e) => [e.from, e.to]))];
    expect(layerReport({ files, edges }, ["_internal", "backtest", "stats", "tearsheet"]).fileCircles).toEqual([
      ["backtest/table.ts", "backtest/types.ts"],
    ]);
  });
});
