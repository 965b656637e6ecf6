/**
 * Test helpers (not exported): the bad-input contract entries of the research area (src/research:
 * cross-validation splits, out-of-sample evaluation, backtest overfitting, deflated Sharpe of trials).
 */
import fc from "fast-check";
import { purgedKFold } from "../../research/purgedKFold.ts";
import { combinatorialPurgedSplits } from "../../research/combinatorialPurgedSplits.ts";
import { below, custom, nonFinite, notAnObject, replace, scalar } from "./breakers.ts";
import type { ContractEntry } from "./contract.ts";

const double = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const anyFinite = fc.double({ noNaN: true, noDefaultInfinity: true });
const frequencyArb = fc.constantFrom("daily", "weekly", "monthly") as fc.Arbitrary<"daily" | "weekly" | "monthly">;

/** An embargo of `count` periods of T, as a count or as the fraction count/T (⌊f·T⌋ <= count). */
const embargoOf = (count: number, periods: number) =>
  fc.constantFrom<number | { fraction: number }>(count, { fraction: (count / periods) * 0.999 });

/**
 * K-fold arguments whose every split keeps a train period: h <= ⌊T/K⌋ − 1 (every later fold keeps a
 * period before it) and h + e <= T − ⌈T/K⌉ − 1 (the first fold keeps one after it).
 */
const kFoldArgs = fc
  .integer({ min: 4, max: 60 })
  .chain((periods) => fc.tuple(fc.constant(periods), fc.integer({ min: 2, max: Math.floor(periods / 2) })))
  .chain(([periods, folds]) => {
    const budget = periods - Math.ceil(periods / folds) - 1;
    return fc
      .integer({ min: 0, max: Math.min(budget, Math.floor(periods / folds) - 1) })
      .chain((purge) =>
        fc
          .integer({ min: 0, max: budget - purge })
          .chain((e) =>
            fc.tuple(
              fc.constant(periods),
              fc.record({ folds: fc.constant(folds), purge: fc.constant(purge), embargo: embargoOf(e, periods) }),
            ),
          ),
      );
  });

/** CPCV arguments whose every split keeps a train period: 2h + e <= ⌊T/N⌋ − 1 (an untested group survives its neighbours' zones). */
const cpcvArgs = fc
  .integer({ min: 4, max: 40 })
  .chain((periods) => fc.tuple(fc.constant(periods), fc.integer({ min: 2, max: Math.min(8, Math.floor(periods / 2)) })))
  .chain(([periods, groups]) => {
    const budget = Math.floor(periods / groups) - 1;
    return fc
      .tuple(fc.integer({ min: 1, max: groups - 1 }), fc.integer({ min: 0, max: Math.floor(budget / 2) }))
      .chain(([testGroups, purge]) =>
        fc.integer({ min: 0, max: budget - 2 * purge }).chain((e) =>
          fc.tuple(
            fc.constant(periods),
            fc.record({
              groups: fc.constant(groups),
              testGroups: fc.constant(testGroups),
              purge: fc.constant(purge),
              embargo: embargoOf(e, periods),
            }),
          ),
        ),
      );
  });

/** Breakers of the purge and embargo options at argument 1. */
const purgeBreakers = [
  ...scalar([1, "purge"], "options.purge", { optional: true, outOfRange: fc.constantFrom(-1, -5, 0.5, 2.5) }),
  replace("wrong type", [1, "embargo"], "options.embargo", fc.constantFrom("1", null, true, [1])),
  replace("out of range", [1, "embargo"], "options.embargo", fc.constantFrom(-1, 0.5, 1.5, Number.NaN, Infinity)),
  replace(
    "fraction out of range",
    [1, "embargo"],
    "options.embargo.fraction",
    fc.constantFrom({ fraction: 1 }, { fraction: -0.1 }, { fraction: Number.NaN }, { fraction: "0.1" }),
  ),
  replace("unknown embargo key", [1, "embargo"], "options.embargo", fc.constant({ fractoin: 0.1 })),
  custom(
    "a purge that leaves no train period",
    "options.purge",
    (a) => {
      (a[1] as { purge: number; embargo: unknown }).purge = a[0] as number;
      (a[1] as { purge: number; embargo: unknown }).embargo = 0;
    },
    ["INSUFFICIENT_DATA"],
  ),
  custom(
    "an embargo that leaves no train period",
    "options.embargo",
    (a) => {
      (a[1] as { purge: number; embargo: unknown }).purge = 0;
      (a[1] as { purge: number; embargo: unknown }).embargo = a[0] as number;
    },
    ["INSUFFICIENT_DATA"],
  ),
];

/** A T×N table of simple returns: a bare matrix, or an AssetReturns look-alike (ids and sampling). */
const tableOf = (periods: number, columns: number, values: fc.Arbitrary<number>, labelled: boolean) =>
  fc
    .tuple(fc.array(values, { minLength: periods * columns, maxLength: periods * columns }), frequencyArb)
    .map(([returns, frequency]) =>
      labelled
        ? {
            returns: Float64Array.from(returns),
            periods,
            assets: Array.from({ length: columns }, (_, i) => `A${i}`),
            frequency,
          }
        : { returns, periods },
    );

/** A valid crossValidate call: returns, an equal-weight estimator, purged K-fold or CPCV splits of the same T, options. */
const crossValidateArgs = fc
  .record({
    periods: fc.integer({ min: 8, max: 40 }),
    columns: fc.integer({ min: 1, max: 4 }),
    labelled: fc.boolean(),
    cpcv: fc.boolean(),
    positional: fc.boolean(),
  })
  .chain(({ periods, columns, labelled, cpcv, positional }) =>
    fc.tuple(
      tableOf(periods, columns, double(-0.2, 0.2), labelled),
      fc.constant(
        positional
          ? (w: { assets: readonly string[] }) => new Float64Array(w.assets.length).fill(1 / w.assets.length)
          : (w: { assets: readonly string[] }) => Object.fromEntries(w.assets.map((id) => [id, 1 / w.assets.length])),
      ),
      fc.constant(
        cpcv
          ? combinatorialPurgedSplits(periods, { groups: 4, testGroups: 2, purge: 1 })
          : purgedKFold(periods, { folds: 3, purge: 1, embargo: 1 }),
      ),
      fc.record({ riskFreeRate: double(-0.5, 0.2) }, { requiredKeys: [] }),
    ),
  );

type Splits = { periods: number; splits: Array<{ train: Int32Array; test: Int32Array }>; paths: Int32Array[] };

/** Valid arguments of the two trial-matrix functions: T periods × M trials, and the options. */
const trialArgs = (extreme: boolean, pbo: boolean) =>
  fc
    .record({
      periods: fc.integer({ min: 8, max: 40 }),
      columns: fc.integer({ min: 2, max: 6 }),
      labelled: fc.boolean(),
    })
    .chain(({ periods, columns, labelled }) =>
      fc.tuple(
        tableOf(periods, columns, extreme ? anyFinite : double(-0.1, 0.1), labelled),
        pbo
          ? fc.record(
              {
                partitions: fc.integer({ min: 1, max: Math.min(5, Math.floor(periods / 4)) }).map((h) => 2 * h),
                riskFreeRate: double(-0.5, 0.2),
              },
              { requiredKeys: ["partitions"] },
            )
          : fc.record(
              { trials: fc.integer({ min: 2, max: 1_000_000 }), riskFreeRate: double(-0.5, 0.2) },
              { requiredKeys: [] },
            ),
      ),
    );

/** Breakers of a trial matrix at argument 0 named `field`. */
const trialTableBreakers = (field: string) => [
  replace("wrong type", [0], field, fc.constantFrom(null, 42, "x", undefined)),
  replace("non-finite element", [0, "returns", "*"], `${field}.returns[*]`, nonFinite),
  replace("wrong type", [0, "returns"], `${field}.returns`, fc.constantFrom(null, 42, "x", undefined)),
  ...scalar([0, "periods"], `${field}.periods`, { outOfRange: fc.constantFrom(0, -1, 3, 2.5) }),
  custom(`${field}.returns: one trial`, `${field}.returns`, (a) => {
    const m = a[0] as { returns: ArrayLike<number>; periods: number; assets?: string[] };
    m.returns = Array.from(m.returns).slice(0, m.periods);
    delete m.assets;
  }),
  custom(`${field}.assets: repeated id`, `${field}.assets[1]`, (a) => {
    const m = a[0] as { assets?: string[] };
    if (m.assets === undefined) return false;
    m.assets[1] = m.assets[0]!;
  }),
  custom(`${field}.frequency: unknown`, `${field}.frequency`, (a) => {
    (a[0] as { frequency?: string }).frequency = "hourly";
  }),
  replace("wrong type", [1], "options", notAnObject),
  ...scalar([1, "riskFreeRate"], "options.riskFreeRate", { optional: true, outOfRange: below(-1, true) }),
];

export const researchEntries = {
  purgedKFold: {
    kind: "throws",
    valid: kFoldArgs,
    breakers: [
      ...scalar([0], "periods", { outOfRange: fc.constantFrom(3, 0, -4, 4.5, 1e7 + 1) }),
      replace("wrong type", [1], "options", notAnObject),
      ...scalar([1, "folds"], "options.folds", { optional: true, outOfRange: fc.constantFrom(1, 0, -2, 2.5, 1e6) }),
      replace("unknown option", [1, "fold"], "fold", fc.constant(3)),
      ...purgeBreakers,
    ],
  },
  combinatorialPurgedSplits: {
    kind: "throws",
    valid: cpcvArgs,
    breakers: [
      ...scalar([0], "periods", { outOfRange: fc.constantFrom(3, 0, -4, 4.5, 1e7 + 1) }),
      replace("wrong type", [1], "options", notAnObject),
      ...scalar([1, "groups"], "options.groups", { optional: true, outOfRange: fc.constantFrom(1, 0, -2, 2.5, 1e6) }),
      custom("options.testGroups: k = N", "options.testGroups", (a) => {
        const o = a[1] as { groups: number; testGroups: number };
        o.testGroups = o.groups;
      }),
      ...scalar([1, "testGroups"], "options.testGroups", { optional: true, outOfRange: fc.constantFrom(0, -1, 1.5) }),
      custom("options.groups: more than 10,000 splits", "options.groups", (a) => {
        a[0] = 1000;
        Object.assign(a[1] as object, { groups: 30, testGroups: 10, purge: 0, embargo: 0 });
      }),
      ...purgeBreakers,
    ],
  },
  crossValidate: {
    kind: "throws",
    async: true,
    valid: crossValidateArgs,
    validRuns: 20,
    breakers: [
      replace("wrong type", [0], "returns", fc.constantFrom(null, 42, "x", undefined)),
      replace("non-finite element", [0, "returns", "*"], "returns.returns[*]", nonFinite),
      replace("a return <= -1", [0, "returns", "*"], "returns.returns[*]", below(-1, true)),
      ...scalar([0, "periods"], "returns.periods", { outOfRange: fc.constantFrom(0, -1, 3, 2.5) }),
      custom("returns.returns: not a whole number of rows", "returns.returns", (a) => {
        const m = a[0] as { returns: ArrayLike<number> };
        m.returns = [...Array.from(m.returns), 0.01];
      }),
      replace("wrong type", [1], "estimator", fc.constantFrom(null, 42, "x", {}, undefined)),
      custom("estimator: weights of the wrong length", "estimator", (a) => {
        a[1] = () => new Float64Array(9);
      }),
      custom("estimator: a non-finite weight", "estimator", (a, g) => {
        const bad = g(() => nonFinite);
        a[1] = (w: { assets: readonly string[] }) => Array.from(w.assets, () => bad);
      }),
      custom("estimator: an unknown asset", "estimator", (a) => {
        a[1] = () => ({ NOPE: 1 });
      }),
      replace("wrong type", [2], "splits", fc.constantFrom(null, 42, "x", undefined)),
      custom("splits.periods: other periods", "splits.periods", (a) => {
        (a[2] as Splits).periods += 1;
      }),
      replace("wrong type", [2, "splits"], "splits.splits", fc.constantFrom(null, [], "x")),
      replace(
        "train index out of range",
        [2, "splits", "*", "train", "$"],
        "splits.splits[*].train[$]",
        fc.constantFrom(-1, 1e6),
      ),
      custom("splits.splits[0]: a period both trained on and tested", "splits.splits[0].train", (a) => {
        const s = (a[2] as Splits).splits[0]!;
        s.train = Int32Array.from(new Set([...s.train, s.test[0]!].sort((x, y) => x - y)));
      }),
      replace("test too short", [2, "splits", "*", "test"], "splits.splits[*].test", fc.constantFrom([], [0])),
      replace("bad split index", [2, "paths", 0, "*"], "splits.paths[0][*]", fc.constantFrom(-1, 1e6)),
      custom("splits.paths[0]: one group short", "splits.paths[0]", (a) => {
        const p = (a[2] as Splits).paths;
        p[0] = p[0]!.slice(1);
      }),
      replace("wrong type", [3], "options", notAnObject),
      ...scalar([3, "riskFreeRate"], "options.riskFreeRate", { optional: true, outOfRange: below(-1, true) }),
    ],
  },
  probabilityOfBacktestOverfitting: {
    kind: "throws",
    valid: trialArgs(false, true),
    extreme: trialArgs(true, true),
    breakers: [
      ...trialTableBreakers("performance"),
      custom("options.partitions: odd", "options.partitions", (a) => {
        (a[1] as { partitions: number }).partitions = 3;
      }),
      ...scalar([1, "partitions"], "options.partitions", {
        optional: true,
        outOfRange: fc.constantFrom(0, -2, 2.5, 22, 1e6),
      }),
    ],
  },
  deflatedSharpeOfTrials: {
    kind: "throws",
    valid: trialArgs(false, false),
    extreme: trialArgs(true, false),
    breakers: [
      ...trialTableBreakers("trialsReturns"),
      ...scalar([1, "trials"], "options.trials", {
        optional: true,
        outOfRange: fc.constantFrom(1, 0, -3, 2.5, 2 ** 53),
      }),
    ],
  },
} satisfies Record<string, ContractEntry>;
