import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import * as engine from "@thematic/engine";
import * as engineTesting from "@thematic/engine/testing";
import * as charts from "@thematic/charts";
import { extractExamples, NOT_RUN, type DocExample } from "./_support/docExamples/extractExamples.ts";
import { runExample } from "./_support/docExamples/runExample.ts";

/**
 * Every `@example` in the doc comments of @thematic/engine and @thematic/charts runs, and every
 * `// =>` line in it shows the value the code gives (test/_support/docExamples/matchExpected.ts:
 * numbers exactly as printed, arrays and objects element by element), every `// throws "…"`
 * line the error's message. In scope: the package's public exports (the engine's `testing`
 * entry too), `fc` (fast-check), and the exports of the example's own file, so an example of an
 * internal helper runs as written. An example's `import`s load the packages by name.
 *
 * An example that cannot run here is marked `@example not run: <reason>` and counted below; none
 * is skipped silently.
 */

const root = resolve(import.meta.dirname, "..");
const modules: Record<string, unknown> = {
  "fast-check": { ...fc, default: fc },
  "@thematic/engine": engine,
  "@thematic/engine/testing": engineTesting,
  "@thematic/charts": charts,
};
const PACKAGES = [
  { name: "@thematic/engine", dir: "packages/engine/src", scope: { fc, ...engine, ...engineTesting } },
  { name: "@thematic/charts", dir: "packages/charts/src", scope: { fc, ...engine, ...charts } },
];

/** Source files of a package: every .ts file but tests and test helpers (`_test` folders). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.split(/[\\/]/).includes("_test"))
    .map((f) => join(dir, f))
    .sort();
}

const tally = { examples: 0, ran: 0, values: 0, throws: 0, notRun: [] as string[] };

for (const pkg of PACKAGES) {
  const examples: DocExample[] = sourceFiles(pkg.dir).flatMap((file) =>
    extractExamples(file, readFileSync(join(root, file), "utf8")),
  );
  describe(`${pkg.name}: doc examples`, () => {
    it("has examples to run", () => {
      expect(examples.length).toBeGreaterThan(0);
    });
    for (const example of examples) {
      tally.examples++;
      const notRun = NOT_RUN.exec(example.caption);
      if (notRun !== null) {
        tally.notRun.push(`${example.file}:${example.line} (${notRun[1]})`);
        continue;
      }
      it(`${relative(pkg.dir, example.file)}:${example.line}`, async () => {
        const own = (await import(join(root, example.file))) as Record<string, unknown>;
        const outcome = await runExample(example, { ...pkg.scope, ...own }, modules);
        tally.ran++;
        tally.values += outcome.values;
        tally.throws += outcome.throws;
        expect(outcome.failures).toEqual([]);
      });
    }
  });
}

afterAll(() => {
  console.log(
    `doc examples: ${tally.examples} found, ${tally.ran} run, ${tally.values} "// =>" lines and ${tally.throws} "// throws" lines checked; ` +
      `${tally.notRun.length} marked "not run"${tally.notRun.length > 0 ? `: ${tally.notRun.join("; ")}` : ""}`,
  );
});
