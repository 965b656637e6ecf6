import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as engine from "@thematic/engine";
import * as engineTesting from "@thematic/engine/testing";
import * as charts from "@thematic/charts";
import { runExample } from "../_support/docExamples/runExample.ts";

/**
 * docs/from-pyportfolioopt.md: its TypeScript blocks run in order as one program, each `// =>`
 * line checked as in the doc comments' examples (test/docExamples.test.ts), with failures named
 * by the doc's own line numbers. A block after `<!-- not run: <reason> -->` is not part of it;
 * the doc has none (every TypeScript block runs).
 */

const FILE = "docs/from-pyportfolioopt.md";
const text = readFileSync(new URL(`../../${FILE}`, import.meta.url), "utf8");
const lines = text.split("\n");
const modules: Record<string, unknown> = {
  "@thematic/engine": engine,
  "@thematic/engine/testing": engineTesting,
  "@thematic/charts": charts,
};

interface Block {
  /** 0-based line of the opening fence. */
  fence: number;
  language: string;
  code: string[];
  notRun: string | undefined;
}

function blocks(): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (open === null) continue;
    let j = i + 1;
    while (j < lines.length && lines[j] !== "```") j++;
    const notRun = /^<!-- not run: (.+) -->$/.exec(lines[i - 1] ?? "")?.[1];
    out.push({ fence: i, language: open[1]!, code: lines.slice(i + 1, j), notRun });
    i = j;
  }
  return out;
}

describe(FILE, () => {
  const all = blocks();
  const ts = all.filter((b) => b.language === "ts");

  it("pairs TypeScript with Python", () => {
    expect(ts.length).toBeGreaterThanOrEqual(10);
    expect(all.filter((b) => b.language === "python").length).toBeGreaterThanOrEqual(10);
  });

  it("runs its TypeScript blocks in order as one program, every `// =>` line as the doc says", async () => {
    // The doc's lines, every one outside a run block blanked: the program's line k is the doc's line k + 1.
    const program = lines.map(() => "");
    for (const b of ts.filter((x) => x.notRun === undefined))
      b.code.forEach((line, k) => (program[b.fence + 1 + k] = line));
    const outcome = await runExample({ file: FILE, line: 0, caption: "", code: program.join("\n") }, {}, modules);
    expect(outcome.failures).toEqual([]);
    expect(outcome.values).toBeGreaterThanOrEqual(15);
    expect(outcome.throws).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it("runs every TypeScript block (none is marked not run)", () => {
    expect(ts.filter((b) => b.notRun !== undefined).map((b) => b.notRun)).toEqual([]);
  });
});
