import { inspect } from "node:util";
import type { DocExample } from "./extractExamples.ts";
import { instrumentExample } from "./instrumentExample.ts";
import { matchExpected } from "./matchExpected.ts";

/** What running one example found: how many lines it checked, and each failure (empty: it ran as documented). */
export interface ExampleOutcome {
  values: number;
  throws: number;
  failures: string[];
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set([
  "default",
  "arguments",
  "eval",
  "await",
  "yield",
  "let",
  "static",
  "implements",
  "interface",
  "package",
  "private",
  "protected",
  "public",
]);

/**
 * Runs `example` (instrumentExample) with the names of `scope` in scope as constants (an
 * example's own declarations shadow them) and `modules` as what its `import`s load, and checks
 * each `// =>` and `// throws` line (matchExpected). A line whose expression throws, or an
 * example that throws outside a checked line, is a failure.
 */
export async function runExample(
  example: DocExample,
  scope: Record<string, unknown>,
  modules: Record<string, unknown>,
): Promise<ExampleOutcome> {
  const at = (line: number) => `${example.file}:${example.line + 1 + line}`;
  let instrumented;
  try {
    instrumented = instrumentExample(example.code);
  } catch (e) {
    return { values: 0, throws: 0, failures: [`${example.file}:${example.line}: ${(e as Error).message}`] };
  }
  const { js, checks } = instrumented;
  const failures: string[] = [];
  const value = async (k: number, run: () => Promise<unknown>) => {
    const check = checks[k]!;
    let actual: unknown;
    try {
      actual = await run();
    } catch (e) {
      failures.push(`${at(check.line)}: threw ${describeError(e)} (${check.text})`);
      return;
    }
    const why = matchExpected(actual, check.expected);
    if (why !== undefined) failures.push(`${at(check.line)}: ${why} (${check.text})`);
  };
  const throws = async (k: number, run: () => Promise<unknown>) => {
    const check = checks[k]!;
    try {
      await run();
    } catch (e) {
      const why = matchExpected(e instanceof Error ? e.message : e, check.expected, "the error's message");
      if (why !== undefined) failures.push(`${at(check.line)}: ${why} (${check.text})`);
      return;
    }
    failures.push(`${at(check.line)}: did not throw (${check.text})`);
  };
  const load = (specifier: string) => {
    if (!(specifier in modules))
      throw new Error(`the example imports ${specifier}, which the example runner does not provide`);
    return modules[specifier];
  };
  const names = Object.keys(scope).filter((n) => IDENTIFIER.test(n) && !RESERVED.has(n));
  try {
    const run = new Function(
      "__scope",
      "__value",
      "__throws",
      "__module",
      `"use strict";\nconst { ${names.join(", ")} } = __scope;\n${js}\nreturn __example();`,
    );
    await run(scope, value, throws, load);
  } catch (e) {
    failures.push(`${example.file}:${example.line}: the example threw ${describeError(e)}`);
  }
  return {
    values: checks.filter((c) => c.kind === "value").length,
    throws: checks.filter((c) => c.kind === "throws").length,
    failures,
  };
}

function describeError(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : inspect(e);
}
