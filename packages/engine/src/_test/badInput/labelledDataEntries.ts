/**
 * Test helpers (not exported): the bad-input contract entries of the labelled-data builders and the
 * portfolio performance block (src/data, src/portfolio).
 */
import fc from "fast-check";
import { covarianceArb } from "../../riskBased/_test/randomCovariance.ts";
import { above, below, custom, nonFinite, notAnObject, replace, scalar } from "./breakers.ts";
import type { ContractEntry } from "./contract.ts";
import { covarianceBreakers } from "./portfolioConstructionEntries.ts";
import { covariance as labelCovariance } from "../../data/covariance.ts";

const double = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const frequencyArb = fc.constantFrom("daily", "weekly", "monthly", "quarterly", "annual") as fc.Arbitrary<
  "daily" | "weekly" | "monthly" | "quarterly" | "annual"
>;
const idsOf = (n: number) => Array.from({ length: n }, (_, i) => `A${String(i).padStart(2, "0")}`);

const returnsArgs = fc
  .record({ periods: fc.integer({ min: 1, max: 12 }), n: fc.integer({ min: 1, max: 5 }), frequency: frequencyArb })
  .chain(({ periods, n, frequency }) =>
    fc.tuple(
      fc.array(fc.array(double(-0.5, 0.5), { minLength: n, maxLength: n }), { minLength: periods, maxLength: periods }),
      fc.constant({ assets: idsOf(n), frequency }),
    ),
  );

const covarianceArgs = fc
  .tuple(covarianceArb(6), frequencyArb)
  .map(([rows, frequency]) => [rows, { assets: idsOf(rows.length), frequency }] as [number[][], object]);

const performanceArgs = fc.tuple(covarianceArb(6), frequencyArb).chain(([rows, frequency]) => {
  const assets = idsOf(rows.length);
  return fc.tuple(
    fc
      .array(double(0, 1), { minLength: rows.length, maxLength: rows.length })
      .map((w) => Object.fromEntries(w.map((x, i) => [assets[i]!, x]))),
    fc.record(
      {
        covariance: fc.constant(labelCovariance(rows, { assets, frequency })),
        expectedReturns: fc.array(double(-0.01, 0.01), { minLength: rows.length, maxLength: rows.length }),
        riskFreeRate: double(-0.5, 0.5),
      },
      { requiredKeys: ["covariance"] },
    ),
  );
});

const DAY = 86400;
/** A daily calendar of n business-like days from 2024-01-01 (Unix seconds). */
const daysOf = (n: number) => Array.from({ length: n }, (_, t) => 1704067200 + t * DAY);
const pricesArgs = fc
  .record({ t: fc.integer({ min: 2, max: 12 }), n: fc.integer({ min: 1, max: 4 }) })
  .chain(({ t, n }) =>
    fc.tuple(
      fc
        .array(fc.array(double(1, 500), { minLength: t, maxLength: t }), { minLength: n, maxLength: n })
        .map((cols) => Object.fromEntries(cols.map((c, i) => [`A${i}`, c]))),
      fc.constant({ dates: daysOf(t) }),
    ),
  );
const recordsArgs = pricesArgs.map(
  ([prices, { dates }]) =>
    [
      dates.map((d, t) => ({ date: d, ...Object.fromEntries(Object.entries(prices).map(([id, c]) => [id, c[t]!])) })),
      {},
    ] as [Array<Record<string, number>>, object],
);
const csvOf = (records: Array<Record<string, number>>) => {
  const header = Object.keys(records[0]!);
  return [
    header.join(","),
    ...records.map((r) =>
      header.map((h) => (h === "date" ? new Date(r[h]! * 1000).toISOString().slice(0, 10) : String(r[h]))).join(","),
    ),
  ].join("\n");
};

export const labelledDataEntries = {
  inferFrequency: {
    kind: "throws",
    valid: fc.tuple(fc.integer({ min: 2, max: 30 }).map(daysOf)),
    breakers: [
      replace("wrong type", [0], "dates", fc.constantFrom(null, 42, "x", undefined)),
      replace("non-finite date", [0, "*"], "dates[*]", nonFinite),
      custom("dates: too few", "dates", (a) => {
        a[0] = (a[0] as number[]).slice(0, 1);
      }),
      custom("dates: gap of no frequency", "dates", (a) => {
        a[0] = (a[0] as number[]).map((_, t) => 1704067200 + t * 200 * DAY);
      }),
    ],
  },
  returnsFromPrices: {
    kind: "throws",
    valid: pricesArgs,
    breakers: [
      replace("wrong type", [0], "prices", fc.constantFrom(null, 42, "x")),
      replace("empty", [0], "prices", fc.constant({})),
      custom("prices.A0[0]: close <= 0 or non-finite", "prices.A0[0]", (a, g) => {
        (a[0] as Record<string, number[]>).A0![0] = g(() => fc.oneof(nonFinite, fc.constantFrom(0, -1)));
      }),
      custom("prices.A0: too short", "prices.A0", (a) => {
        const p = a[0] as Record<string, number[]>;
        if (Object.keys(p).length > 1) return false;
        p.A0 = p.A0!.slice(0, 1);
      }),
      replace("wrong type", [1], "options", notAnObject),
      custom("options.dates: milliseconds", "options.dates[0]", (a) => {
        const o = a[1] as { dates: number[] };
        o.dates = o.dates.map((d) => d * 1000);
      }),
    ],
  },
  returnsFromRecords: {
    kind: "throws",
    valid: recordsArgs,
    breakers: [
      replace("wrong type", [0], "records", fc.constantFrom(null, 42, "x", {})),
      replace("empty", [0], "records", fc.constant([])),
      replace("bad date", [0, "*", "date"], "records[*].date", fc.constantFrom("yesterday", null, Number.NaN)),
      replace("non-finite price", [0, "*", "A0"], "records[*].A0", fc.constantFrom(Number.NaN, "12", null)),
      replace("wrong type", [1], "options", notAnObject),
      replace("unknown values kind", [1, "values"], "options.values", fc.constantFrom("closes", 1)),
      replace("missing date column", [1, "dateColumn"], "options.dateColumn", fc.constantFrom("when", "")),
    ],
  },
  returnsFromCsv: {
    kind: "throws",
    valid: recordsArgs.map(([records]) => [csvOf(records), {}] as [string, object]),
    breakers: [
      replace("wrong type", [0], "text", fc.constantFrom(null, 42, "", "   ")),
      custom("text: a cell that is no number", "not a number", (a) => {
        a[0] = (a[0] as string).replace(/\n(\S+?),[^,\n]+/, "\n$1,abc");
      }),
      replace("wrong type", [1], "options", notAnObject),
    ],
  },
  returnsFromArrow: {
    kind: "throws",
    valid: pricesArgs.map(([prices, { dates }]) => {
      const names = ["date", ...Object.keys(prices)];
      const columns: Record<string, unknown[]> = { date: dates, ...prices };
      const table = {
        numRows: dates.length,
        schema: {
          fields: names.map((name) => ({ name, type: { toString: () => (name === "date" ? "Int64" : "Float64") } })),
        },
        getChild: (name: string) =>
          columns[name] === undefined ? null : { length: dates.length, get: (i: number) => columns[name]![i] },
      };
      return [table, {}] as [unknown, object];
    }),
    breakers: [
      replace("wrong type", [0], "table", fc.constantFrom(null, 42, "x", {})),
      replace("wrong type", [1], "options", notAnObject),
      replace("missing date column", [1, "dateColumn"], "dateColumn", fc.constantFrom("when")),
    ],
  },
  frequencyOf: {
    kind: "throws",
    valid: fc.tuple(fc.oneof(fc.constantFrom(252, 52, 12, 4, 1), double(0.01, 1e6))),
    breakers: scalar([0], "periodsPerYear", { outOfRange: below(0, true) }),
  },
  assetReturns: {
    kind: "throws",
    valid: returnsArgs,
    breakers: [
      replace("non-finite return", [0, "*", "*"], "values[*][*]", nonFinite),
      replace("return <= -1", [0, "*", "*"], "values[*][*]", below(-1, true)),
      replace("wrong type", [1], "options", notAnObject),
      replace("unknown option", [1, "periodPerYear"], "periodPerYear", fc.constant(252)),
      replace("missing assets", [1, "assets"], "options.assets", fc.constantFrom(undefined, "A", 3)),
      custom("options.assets: repeated id", "options.assets[1]", (a) => {
        const ids = (a[1] as { assets: string[] }).assets;
        if (ids.length < 2) return false;
        ids[1] = ids[0]!;
      }),
      custom("values[0]: short row", "values[0]", (a) => {
        const rows = a[0] as number[][];
        rows[0] = rows[0]!.slice(1);
      }),
      replace("unknown frequency", [1, "frequency"], "options.frequency", fc.constantFrom("hourly", "", 5)),
      replace("contradicting periodsPerYear", [1, "periodsPerYear"], "options.periodsPerYear", fc.constantFrom(7, 365)),
    ],
  },
  covariance: {
    kind: "throws",
    valid: covarianceArgs,
    breakers: [
      ...covarianceBreakers(0),
      replace("wrong type", [1], "options", notAnObject),
      replace("no sampling", [1, "frequency"], "frequency", fc.constant(undefined)),
      custom("options.assets: wrong count", "assets", (a) => {
        (a[1] as { assets: string[] }).assets.push("EXTRA");
      }),
    ],
  },
  expectedReturns: {
    kind: "throws",
    valid: fc.tuple(
      fc
        .array(double(-0.5, 0.5), { minLength: 1, maxLength: 6 })
        .map((v) => Object.fromEntries(v.map((x, i) => [`A${i}`, x]))),
      fc.record({ frequency: frequencyArb, annual: fc.boolean() }, { requiredKeys: ["frequency"] }),
    ),
    breakers: [
      custom("values.A0: non-finite", "values.A0", (a, g) => {
        (a[0] as Record<string, number>).A0 = g(() => nonFinite);
      }),
      replace("wrong type", [0], "values", fc.constantFrom(null, 42, "x")),
      replace("empty", [0], "values", fc.constant({})),
      replace("wrong type", [1], "options", notAnObject),
      replace("not a boolean", [1, "annual"], "options.annual", fc.constantFrom("yes", 1, null)),
      ...scalar([1, "periodsPerYear"], "options.periodsPerYear", { optional: true, outOfRange: below(0, true) }).map(
        (b) => ({
          ...b,
          make: (args: readonly unknown[], g: Parameters<typeof b.make>[1]) => {
            // periodsPerYear alone (no frequency to contradict it).
            const plain = [args[0], { periodsPerYear: 12 }];
            return b.make(plain, g);
          },
        }),
      ),
    ],
  },
  isAssetReturns: { kind: "total", any: fc.tuple(fc.anything()) },
  isCovariance: { kind: "total", any: fc.tuple(fc.anything()) },
  isExpectedReturns: { kind: "total", any: fc.tuple(fc.anything()) },
  portfolioPerformance: {
    kind: "throws",
    valid: performanceArgs,
    breakers: [
      replace("wrong type", [1], "options", notAnObject),
      replace("neither estimate", [1], "options", fc.constant({})),
      custom("weights: unknown asset", "weights", (a) => {
        (a[0] as Record<string, number>).ZZZ = 0.1;
      }),
      custom("weights: non-finite", "weights", (a, g) => {
        (a[0] as Record<string, number>).A00 = g(() => nonFinite);
      }),
      ...scalar([1, "riskFreeRate"], "riskFreeRate", {
        optional: true,
        outOfRange: fc.oneof(below(-1, true), above(1, true)),
      }),
      custom("expectedReturns: one per covariance asset", "expectedReturns", (a) => {
        (a[1] as { expectedReturns?: number[] }).expectedReturns = [0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07];
      }),
    ],
  },
} satisfies Record<string, ContractEntry>;
