/**
 * Runs every suite in bench/suites (or those whose file name contains an argument) and prints
 * one Markdown table. Usage: `npm run bench` or `npm run bench -- stats backtest`.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runSuite, toMarkdown, type Row, type Suite } from "./harness.ts";

const dir = join(dirname(fileURLToPath(import.meta.url)), "suites");
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".ts"))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const rows: Row[] = [];
for (const file of files) {
  const suite = (await import(pathToFileURL(join(dir, file)).href)).default as Suite;
  process.stderr.write(`[bench] ${suite.name} ...\n`);
  rows.push(...(await runSuite(suite)));
}
console.log(`Node ${process.version}, ${process.platform}/${process.arch}\n`);
console.log(toMarkdown(rows));
