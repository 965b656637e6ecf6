// The mock's floors (packages/mock-server/ARCHITECTURE.md, "Floors"): a file imports files on its
// own floor or below (at most one named exception); no two files import each other round a circle;
// services take the parts of the context they use. Read from the source with the TypeScript
// compiler (packages/mock-server/scripts/importGraph.ts), so the layering stays true as code moves.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ALLOWED_UPWARD,
  formatLayerReport,
  layerReport,
  layeringHolds,
  MOCK_FLOORS,
  MOCK_SRC,
  readImportGraph,
  unexpectedUpward,
} from "../../packages/mock-server/scripts/importGraph.ts";

const report = layerReport(readImportGraph());

describe("the mock's import graph", () => {
  it("has no import running up a floor (at most one named exception)", () => {
    expect(unexpectedUpward(report), formatLayerReport(report).join("\n")).toEqual([]);
    expect(ALLOWED_UPWARD.length).toBeLessThanOrEqual(1);
    expect(report.upward.length).toBeLessThanOrEqual(ALLOWED_UPWARD.length);
    if (ALLOWED_UPWARD.length === 0) expect(report.folderCycle).toEqual([]);
  });

  it("has no file circle", () => {
    expect(report.fileCircles).toEqual([]);
    expect(layeringHolds(report)).toBe(true);
  });

  it("puts every folder of src/ on a floor", () => {
    expect(report.unknownFolders).toEqual([]);
  });

  it("is read from the whole source, imports of types included", () => {
    const graph = readImportGraph();
    expect(graph.files.length).toBeGreaterThan(200);
    expect(graph.edges).toContainEqual({ from: "app/createApp.ts", to: "app/routeModules.ts" });
    expect(graph.edges).toContainEqual({
      from: "services/strategies/createStrategy.ts",
      to: "context/contextParts.ts",
    }); // import type
  });

  it("has its floors written in ARCHITECTURE.md in the same order", () => {
    const text = readFileSync(join(MOCK_SRC, "../ARCHITECTURE.md"), "utf8");
    const line = /^Floors, bottom first: (.+)$/m.exec(text)?.[1];
    expect(line?.split(/\s*<\s*/).map((f) => f.replace(/`/g, ""))).toEqual([...MOCK_FLOORS]);
  });
});

describe("the layering check itself", () => {
  const floors = ["low", "mid", "high"];

  it("finds an import running up and a file circle", () => {
    const files = ["low/a.ts", "mid/b.ts", "mid/c.ts", "mid/e.ts", "high/d.ts"];
    const edges = [
      { from: "high/d.ts", to: "low/a.ts" },
      { from: "low/a.ts", to: "mid/b.ts" },
      { from: "mid/b.ts", to: "mid/c.ts" },
      { from: "mid/c.ts", to: "mid/b.ts" },
      { from: "mid/e.ts", to: "low/a.ts" },
    ];
    const r = layerReport({ files, edges }, floors);
    expect(r.upward).toEqual([{ from: "low/a.ts", to: "mid/b.ts" }]);
    expect(r.fileCircles).toEqual([["mid/b.ts", "mid/c.ts"]]);
    expect(r.folderCycle).toEqual(["low", "mid"]);
    expect(layeringHolds(r)).toBe(false);
  });

  it("names a folder that is not a floor", () => {
    expect(layerReport({ files: ["elsewhere/x.ts"], edges: [] }, floors).unknownFolders).toEqual(["elsewhere"]);
  });
});

describe("what a service takes", () => {
  /** The control surface steers the mock itself (clock offset, memo, options): the only services given the whole context. */
  const wholeContextAllowed = ["services/control.ts", "services/studio/studioSnapshot.ts"];

  it("is the parts of the context it uses, except on the control surface", () => {
    const servicesDir = join(MOCK_SRC, "services");
    const files = (readdirSync(servicesDir, { recursive: true }) as string[]).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    const taking = files
      .map((f) => relative(MOCK_SRC, join(servicesDir, f)).split("\\").join("/"))
      .filter((f) =>
        /\(\s*ctx: ServiceContext\b|,\s*ctx: ServiceContext\b/.test(readFileSync(join(MOCK_SRC, f), "utf8")),
      );
    expect(taking.sort()).toEqual(wholeContextAllowed);
  });
});
