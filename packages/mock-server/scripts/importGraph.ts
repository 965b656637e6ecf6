/**
 * `npx tsx packages/mock-server/scripts/importGraph.ts`: the import graph of the mock's source
 * (`src/`; test files and `_test/` folders left out) read with the TypeScript compiler's
 * `preProcessFile` (static imports, `import type`, `export … from` and `import()` alike), laid
 * over the floors of `MOCK_FLOORS` (ARCHITECTURE.md, "Floors"). Prints the imports that run up
 * (a file importing a file on a higher floor), the file circles and the folders caught in a
 * cycle; exits 1 when the layering does not hold (an import running up that `ALLOWED_UPWARD` does
 * not name, a file circle, or a folder that is not a floor). `test/architecture/mockLayers.test.ts` runs
 * the same check.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/**
 * The mock's floors, bottom first: a file may import files on its own floor or below. A folder
 * of `src/` is a floor; `index.ts` (the package entry) is the roof.
 */
export const MOCK_FLOORS = [
  "_internal",
  "errors",
  "schemas",
  "clock",
  "config",
  "store",
  "context",
  "services",
  "mcp",
  "oauth",
  "auth",
  "openapi",
  "proxy",
  "studio",
  "routes",
  "app",
  "adapters",
  "index.ts",
] as const;

/**
 * The imports allowed to run up a floor, each to be explained in ARCHITECTURE.md ("Floors"):
 * none today. (The one the layering allows would be named here: `{ from, to }`.)
 */
export const ALLOWED_UPWARD: readonly ImportEdge[] = [];

/** One import: both ends relative to `src/`, with `/` separators. */
export interface ImportEdge {
  from: string;
  to: string;
}

/** What the graph says about the layering. */
export interface LayerReport {
  files: number;
  edges: number;
  /** Imports from a floor to a higher one. */
  upward: ImportEdge[];
  /** Groups of files that import each other round a circle (strongly connected, more than one file). */
  fileCircles: string[][];
  /** The largest group of folders that import each other round a cycle (empty when none). */
  folderCycle: string[];
  /** Folders of `src/` that are not floors of `floors`. */
  unknownFolders: string[];
}

/** The mock's `src/` folder. */
export const MOCK_SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

const isTestFile = (rel: string): boolean =>
  rel.endsWith(".test.ts") || rel.startsWith("_test/") || rel.includes("/_test/");

function listSources(dir: string, root: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) listSources(full, root, out);
    else if (entry.name.endsWith(".ts")) {
      const rel = relative(root, full).split(sep).join("/");
      if (!isTestFile(rel)) out.push(rel);
    }
  }
  return out;
}

/**
 * Every relative import between the non-test source files under `srcDir`.
 *
 * @example
 * readImportGraph(MOCK_SRC).find((e) => e.from === "app/createApp.ts") // => { from: "app/createApp.ts", to: "…" }
 */
export function readImportGraph(srcDir: string = MOCK_SRC): { files: string[]; edges: ImportEdge[] } {
  const files = listSources(srcDir, srcDir, []).sort();
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const text = readFileSync(join(srcDir, from), "utf8");
    const seen = new Set<string>();
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const to = relative(srcDir, resolve(srcDir, dirname(from), fileName))
        .split(sep)
        .join("/");
      if (!known.has(to) || seen.has(to)) continue;
      seen.add(to);
      edges.push({ from, to });
    }
  }
  return { files, edges };
}

/**
 * The floor of a file: its first folder under `src/`, or the file name for a file at the top.
 *
 * @example
 * floorOf("services/runs/readRun.ts") // => "services"
 */
export function floorOf(file: string): string {
  const slash = file.indexOf("/");
  return slash < 0 ? file : file.slice(0, slash);
}

/** Strongly connected components with more than one node (Tarjan), each sorted. */
function circles(nodes: readonly string[], next: (node: string) => readonly string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return found;
}

function adjacency(edges: readonly ImportEdge[], key: (file: string) => string): (node: string) => string[] {
  const out = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const [a, b] = [key(from), key(to)];
    if (a === b) continue;
    if (!out.has(a)) out.set(a, new Set());
    out.get(a)!.add(b);
  }
  return (node) => [...(out.get(node) ?? [])];
}

/**
 * Lays the graph over `floors` (bottom first).
 *
 * @example
 * layerReport({ files: ["a/x.ts", "b/y.ts"], edges: [{ from: "a/x.ts", to: "b/y.ts" }] }, ["a", "b"]).upward // => [{ from: "a/x.ts", to: "b/y.ts" }]
 */
export function layerReport(
  graph: { files: string[]; edges: ImportEdge[] },
  floors: readonly string[] = MOCK_FLOORS,
): LayerReport {
  const level = new Map(floors.map((name, i) => [name, i]));
  const levelOf = (file: string): number => level.get(floorOf(file)) ?? -1;
  const upward = graph.edges.filter((e) => levelOf(e.to) > levelOf(e.from));
  const folders = [...new Set(graph.files.map(floorOf))].sort();
  const folderCycles = circles(folders, adjacency(graph.edges, floorOf));
  return {
    files: graph.files.length,
    edges: graph.edges.length,
    upward,
    fileCircles: circles(
      graph.files,
      adjacency(graph.edges, (f) => f),
    ),
    folderCycle: folderCycles.sort((a, b) => b.length - a.length)[0] ?? [],
    unknownFolders: folders.filter((f) => !level.has(f)),
  };
}

/**
 * The report as lines of text.
 *
 * @example
 * formatLayerReport(layerReport({ files: ["a/x.ts"], edges: [] }, ["a"]))[0] // => "1 files, 0 imports"
 */
export function formatLayerReport(report: LayerReport): string[] {
  return [
    `${report.files} files, ${report.edges} imports`,
    `imports running up: ${report.upward.length}`,
    ...report.upward.map(
      (e) => `  ${e.from} -> ${e.to}${unexpectedUpward({ upward: [e] }).length === 0 ? " (allowed)" : ""}`,
    ),
    `file circles: ${report.fileCircles.length}`,
    ...report.fileCircles.map((c) => `  ${c.join(" <-> ")}`),
    `folders in a cycle: ${report.folderCycle.length}${report.folderCycle.length > 0 ? ` (${report.folderCycle.join(", ")})` : ""}`,
    `folders that are not floors: ${report.unknownFolders.length}${report.unknownFolders.length > 0 ? ` (${report.unknownFolders.join(", ")})` : ""}`,
  ];
}

/**
 * The imports running up that `allowed` does not name.
 *
 * @example
 * unexpectedUpward({ upward: [{ from: "store/a.ts", to: "services/b.ts" }] }) // => [{ from: "store/a.ts", to: "services/b.ts" }]
 */
export function unexpectedUpward(
  report: Pick<LayerReport, "upward">,
  allowed: readonly ImportEdge[] = ALLOWED_UPWARD,
): ImportEdge[] {
  return report.upward.filter((e) => !allowed.some((a) => a.from === e.from && a.to === e.to));
}

/** True when the layering holds: no import runs up but the allowed ones, no file circle, every folder a floor. */
export function layeringHolds(report: LayerReport): boolean {
  return unexpectedUpward(report).length === 0 && report.fileCircles.length === 0 && report.unknownFolders.length === 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = layerReport(readImportGraph());
  console.log(formatLayerReport(report).join("\n"));
  process.exitCode = layeringHolds(report) ? 0 : 1;
}
