#!/usr/bin/env node
// Executes every code cell of every notebook in examples/ (or of the notebooks named on the command
// line), in order, as the Deno Jupyter kernel would: one Deno program per notebook, the cells
// concatenated (so later cells see earlier cells' bindings, and top-level await works). Fails, naming
// the notebook and the cell, when a cell throws. `npm run notebooks`; run by .ci/run.
//
// Rich output: a notebook shows a chart with `Deno.jupyter.display({ "image/svg+xml": svg }, { raw: true })`
// in the kernel; under `deno run` (here) `Deno.jupyter` does not exist, so the notebooks' `show`
// helper prints the same MIME bundle as one `Jupyter.display {json}` line instead. This script
// checks every such bundle (an SVG document with a title, an HTML table without NaN; a notebook with
// a broken chart or table fails),
// names the charts in its summary, and writes them to NOTEBOOK_CHARTS=<folder> when set.
//
// The notebooks read THEMATIC_API_URL: unless it is set, this script starts the mock
// (scripts/thematic-mock-dev.mjs, from source, on a free port) and passes its URL. Deno resolves
// @thematic/* through the @thematic/source condition, so no build is needed.
//
// `--project <folder>` runs them as a user outside the repository does (examples/README.md, "Outside
// the repository"): Deno in that folder, @thematic/* from its node_modules (the installed
// packages, no source condition), the mock started from its installed `thematic-mock`, and the
// notebooks in that folder unless others are named. test/packaging/ runs it that way.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const projectAt = args.indexOf("--project");
const project = projectAt < 0 ? undefined : resolve(args.splice(projectAt, 2)[1] ?? "");
if (project !== undefined && !existsSync(join(project, "node_modules")))
  throw new Error(`run-notebooks: --project ${project} has no node_modules (install the packages there first)`);
/** Where the programs run: the repository, or the user's folder. */
const cwd = project ?? repo;
const notebookFolder = project ?? join(repo, "examples");
const deno = [join(cwd, "node_modules", ".bin", "deno"), join(repo, "node_modules", ".bin", "deno")].find((path) =>
  existsSync(path),
);
const notebooks =
  args.length > 0
    ? args.map((p) => resolve(p))
    : readdirSync(notebookFolder)
        .filter((f) => f.endsWith(".ipynb"))
        .sort()
        .map((f) => join(notebookFolder, f));
if (notebooks.length === 0) throw new Error(`run-notebooks: no notebook in ${notebookFolder}`);

/** Starts the mock on a free port (from source, or the project's installed CLI) and resolves with its URL and a stop function. */
function startMock() {
  const cli =
    project === undefined
      ? join(repo, "scripts", "thematic-mock-dev.mjs")
      : join(project, "node_modules", ".bin", "thematic-mock");
  const child = spawn(process.execPath, ["--max-semi-space-size=64", cli, "--port", "0", "--quiet"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () =>
    new Promise((done) =>
      child.exitCode !== null ? done() : (child.once("exit", () => done()), child.kill("SIGTERM")),
    );
  return new Promise((resolveStart, reject) => {
    let out = "";
    child.once("exit", (code) =>
      reject(new Error(`run-notebooks: the mock exited (${code}) before listening: ${out}`)),
    );
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url !== undefined) resolveStart({ url, stop });
    });
  });
}

/** The notebook's code cells as one program, and the first line of each cell in it. */
function program(file) {
  const notebook = JSON.parse(readFileSync(file, "utf8"));
  const lines = [];
  const cellStarts = [];
  notebook.cells.forEach((cell, index) => {
    if (cell.cell_type !== "code") return;
    const source = Array.isArray(cell.source) ? cell.source.join("") : cell.source;
    lines.push(`// ---- cell ${index + 1} ----`);
    cellStarts.push({ cell: index + 1, line: lines.length + 1 });
    lines.push(...source.split("\n"));
  });
  return { text: `${lines.join("\n")}\n`, cellStarts };
}

const DISPLAY = "Jupyter.display ";

/**
 * The MIME bundles a program displayed (its `Jupyter.display {json}` lines), each checked: an
 * `image/svg+xml` entry must be one SVG document with a non-empty chart title (Vega's title mark)
 * and no NaN or Infinity in it. Returns the rest of stdout and the charts' titles.
 * @throws Error naming what is wrong with the first bad bundle
 */
function displayed(stdout) {
  const charts = [];
  const rest = [];
  let tables = 0;
  for (const line of stdout.split("\n")) {
    if (!line.startsWith(DISPLAY)) {
      rest.push(line);
      continue;
    }
    const bundle = JSON.parse(line.slice(DISPLAY.length));
    const html = bundle["text/html"];
    if (html !== undefined) {
      // A table (htmlTable of @thematic/charts): one <table> whose cells hold no NaN or Infinity.
      if (
        typeof html !== "string" ||
        !/^<table[ >]/.test(html) ||
        !html.endsWith("</table>") ||
        html.indexOf("<table", 1) !== -1
      )
        throw new Error(`table ${tables + 1} is not one HTML table`);
      if (/>\s*-?(NaN|Infinity)\s*</.test(html)) throw new Error(`table ${tables + 1} holds NaN or Infinity`);
      tables++;
      continue;
    }
    const svg = bundle["image/svg+xml"];
    if (svg === undefined) continue;
    if (
      typeof svg !== "string" ||
      !/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg) ||
      !svg.endsWith("</svg>") ||
      svg.indexOf("<svg", 1) !== -1
    )
      throw new Error(`chart ${charts.length + 1} is not one SVG document`);
    // A concatenated chart (the tear sheet) draws its panels' titles before its own: the last is the outermost.
    const title = [...svg.matchAll(/class="mark-text role-title-text"[^>]*>\s*<text[^>]*>([^<]+)<\/text>/g)]
      .at(-1)?.[1]
      ?.trim();
    if (!title) throw new Error(`chart ${charts.length + 1} has no title`);
    if (/NaN|Infinity/.test(svg)) throw new Error(`chart "${title}" holds NaN or Infinity`);
    charts.push({ title, svg });
  }
  return { charts, tables, rest: rest.join("\n") };
}

const external = process.env.THEMATIC_API_URL;
const mock = external === undefined ? await startMock() : { url: external, stop: async () => {} };
let failed = 0;
try {
  for (const file of notebooks) {
    const { text, cellStarts } = program(file);
    const started = performance.now();
    // The program is read from stdin as TypeScript, with the repository (or the project) as its
    // folder, so @thematic/* and the registry packages resolve from its node_modules.
    const source = project === undefined ? ["--conditions=@thematic/source"] : [];
    const result = spawnSync(
      deno,
      ["run", "--quiet", "--allow-net", "--allow-env", "--allow-read", ...source, "--ext=ts", "-"],
      {
        cwd,
        input: text,
        env: { ...process.env, THEMATIC_API_URL: mock.url, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    let shown;
    try {
      shown = displayed(result.stdout);
    } catch (error) {
      failed++;
      process.stderr.write(`run-notebooks: ${basename(file)}: ${error.message}\n`);
      continue;
    }
    if (process.env.NOTEBOOK_OUTPUT !== undefined) process.stdout.write(`${shown.rest}\n`);
    if (process.env.NOTEBOOK_CHARTS !== undefined) {
      mkdirSync(process.env.NOTEBOOK_CHARTS, { recursive: true });
      shown.charts.forEach(({ svg }, i) =>
        writeFileSync(join(process.env.NOTEBOOK_CHARTS, `${basename(file, ".ipynb")}-${i + 1}.svg`), svg),
      );
    }
    if (result.status === 0) {
      const charts =
        shown.charts.length === 0
          ? ""
          : `, ${shown.charts.length} chart${shown.charts.length === 1 ? "" : "s"} shown (${shown.charts.map((c) => c.title).join("; ")})`;
      const tables = shown.tables === 0 ? "" : `, ${shown.tables} table${shown.tables === 1 ? "" : "s"}`;
      process.stdout.write(
        `run-notebooks: ${basename(file)}: ${cellStarts.length} code cells ran${charts}${tables} (${seconds} s)\n`,
      );
      continue;
    }
    failed++;
    // Map the first stack line in the generated program back to its cell.
    const line = Number(/\$deno\$stdin\.\w+:(\d+):\d+/.exec(result.stderr)?.[1] ?? NaN);
    const cell = [...cellStarts].reverse().find((c) => c.line <= line)?.cell;
    process.stderr.write(
      `run-notebooks: ${basename(file)}: ${cell === undefined ? "a cell" : `cell ${cell}`} threw\n${result.stderr}\n${shown.rest.slice(-2000)}\n`,
    );
  }
} finally {
  await mock.stop();
}
process.exit(failed === 0 ? 0 : 1);
