/**
 * The quant report's rows (tearSheet's `portfolio`, `benchmark`, correlation, R², Treynor and the
 * last rolling Sharpe and Sortino) against numpyReportRows.json, written by
 * _test/numpyReportRows.py with numpy and scipy from docs/maths.md#report-rows and from quantstats'
 * and empyrical's definitions: six kinds of series (normal, fat-tailed, deep drawdown and
 * recovery, a drawdown open at the end, many zero days, the benchmark), risk-free 0 and 3 %,
 * confidence 95 and 99 %, each preset; weekly and monthly versions; quantstats 0.0.81; joint days.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { tearSheet, type TearSheetOptions } from "./tearSheet.ts";
import { closeTo, closeToTolerance } from "../testing/closeTo.ts";

interface Case {
  name: string;
  series: string;
  options: TearSheetOptions;
  expected: Record<string, unknown>;
}
const oracle = JSON.parse(readFileSync(new URL("./_test/numpyReportRows.json", import.meta.url), "utf8")) as {
  inputs: Record<string, { timeSeries: Array<[number, number]>; benchmarkTimeSeries: Array<[number, number]> }>;
  cases: Case[];
};

/** Tolerance of every row: 1e-9 relative, no absolute slack (every row agrees to 1e-11 relative today). */
const REL = 1e-9;
const ABS = 0;

/** Every mismatch between `actual` and `expected` (numbers to REL, the rest exactly), as "path: got x, want y". */
function mismatches(actual: unknown, expected: unknown, path: string, out: string[]): string[] {
  if (typeof expected === "number") {
    if (typeof actual !== "number" || !closeTo(actual, expected, REL, ABS)) {
      out.push(
        `${path}: got ${String(actual)}, want ${expected} (±${typeof actual === "number" ? closeToTolerance(actual, expected, REL, ABS) : "?"})`,
      );
    }
  } else if (expected !== null && typeof expected === "object") {
    for (const [k, v] of Object.entries(expected))
      mismatches((actual as Record<string, unknown> | undefined)?.[k], v, `${path}.${k}`, out);
  } else if (actual !== expected) out.push(`${path}: got ${String(actual)}, want ${String(expected)}`);
  return out;
}

describe.each(oracle.cases.map((c) => [c.name, c] as const))("report rows %s", (_, c) => {
  it("equal numpy's", () => {
    const sheet = tearSheet(oracle.inputs[c.series]!, c.options);
    const { lastRollingSharpe, lastRollingSortino, ...rows } = c.expected;
    const got = {
      ...sheet,
      lastRollingSharpe: sheet.rollingSharpe.at(-1)?.[1],
      lastRollingSortino: sheet.rollingSortino.at(-1)?.[1],
    };
    const want = { ...rows, ...(lastRollingSharpe === undefined ? {} : { lastRollingSharpe, lastRollingSortino }) };
    expect(mismatches(got, want, "sheet", [])).toEqual([]);
  });
});

describe("the report rows' conventions", () => {
  it("cover the six kinds of series under every preset, at both rates and confidences", () => {
    const names = new Set(oracle.cases.map((c) => c.name));
    for (const kind of ["normal", "fatTailed", "deepDrawdown", "openDrawdown", "zeroDays", "benchmark"]) {
      for (const preset of ["engine", "empyrical", "quantstats"]) {
        for (const rf of ["0.0", "0.03"])
          for (const c of ["0.95", "0.99"]) expect(names.has(`${kind}/${preset}/rf${rf}/c${c}`)).toBe(true);
      }
    }
  });
});
