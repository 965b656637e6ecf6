/**
 * Test helpers (not exported): the bad-input contract entries of the walk-forward area
 * (src/walkForward: out-of-sample evaluation with a rolling estimation window, costs and turnover limits).
 */
import fc from "fast-check";
import { below, custom, nonFinite, replace, scalar } from "./breakers.ts";
import type { ContractEntry } from "./contract.ts";

const double = (min: number, max: number) => fc.double({ min, max, noNaN: true });

/** A valid walkForward call: a T×N table (bare or AssetReturns look-alike), an equal-weight estimator, options. */
const walkForwardArgs = fc
  .record({
    periods: fc.integer({ min: 4, max: 30 }),
    columns: fc.integer({ min: 1, max: 4 }),
    labelled: fc.boolean(),
    positional: fc.boolean(),
  })
  .chain(({ periods, columns, labelled, positional }) =>
    fc.tuple(
      fc
        .tuple(
          fc.array(double(-0.2, 0.2), { minLength: periods * columns, maxLength: periods * columns }),
          fc.constantFrom("weekly", "monthly"),
        )
        .map(([returns, frequency]) =>
          labelled
            ? {
                returns: Float64Array.from(returns),
                periods,
                assets: Array.from({ length: columns }, (_, i) => `A${i}`),
                frequency,
              }
            : { returns, periods },
        ),
      fc.constant(
        positional
          ? (w: { assets: readonly string[] }) => new Float64Array(w.assets.length).fill(1 / w.assets.length)
          : (w: { assets: readonly string[] }) => Object.fromEntries(w.assets.map((id) => [id, 1 / w.assets.length])),
      ),
      fc.record(
        {
          window: fc.record({
            kind: fc.constantFrom("trailing", "expanding"),
            periods: fc.integer({ min: 1, max: periods - 2 }),
          }),
          rebalance: fc.integer({ min: 1, max: 4 }).map((every) => ({ every })),
          costBps: double(0, 100),
          turnoverLimit: double(0.01, 1),
        },
        { requiredKeys: ["window"] },
      ),
    ),
  );

/** A valid sweep: tasks importing a data: module that doubles its argument, options. */
const DOUBLE = "data:text/javascript,export const twice = (x) => 2 * x";
const taskArb = fc.record({ module: fc.constant(DOUBLE), export: fc.constant("twice"), args: double(-10, 10) });

/** A port that accepts messages and listeners (a stand-in for a Worker or a MessagePort). */
const portArb = fc
  .constant(0)
  .map(() => ({ postMessage: (_m: unknown) => undefined, addEventListener: (_t: string, _l: unknown) => undefined }));
const notAPort = fc.constantFrom(null, 42, "x", {}, { postMessage: () => undefined });

export const walkForwardEntries: Record<
  "walkForward" | "sweep" | "runSweepTask" | "messagePortRunner" | "serveSweepTasks",
  ContractEntry
> = {
  messagePortRunner: {
    kind: "throws",
    valid: fc.tuple(fc.array(portArb, { minLength: 1, maxLength: 3 })),
    breakers: [
      replace("wrong type", [0], "ports", fc.constantFrom(null, 42, "x", [], undefined)),
      replace("not a port", [0, 0], "ports[0]", notAPort),
    ],
  },
  serveSweepTasks: {
    kind: "throws",
    valid: fc.tuple(portArb),
    breakers: [replace("not a port", [0], "port", notAPort)],
  },
  sweep: {
    kind: "throws",
    async: true,
    valid: fc.tuple(
      fc.array(taskArb, { maxLength: 5 }),
      fc.record({ onProgress: fc.constant(() => undefined) }, { requiredKeys: [] }),
    ),
    validRuns: 10,
    breakers: [
      replace("wrong type", [0], "tasks", fc.constantFrom(null, 42, "x", undefined)),
      custom("a relative module", "tasks[0].module", (a) => {
        a[0] = [{ module: "./tasks.js", export: "twice", args: 1 }];
      }),
      custom("an empty export name", "tasks[0].export", (a) => {
        a[0] = [{ module: DOUBLE, export: "", args: 1 }];
      }),
      custom("a function in args", "tasks[0].args.f", (a) => {
        a[0] = [{ module: DOUBLE, export: "twice", args: { f: () => 1 } }];
      }),
      replace("wrong type", [1], "options", fc.constantFrom(null, 42, "x")),
      replace(
        "bad runner",
        [1, "runner"],
        "options.runner",
        fc.constantFrom(null, 42, {}, { concurrency: 0, run: () => Promise.resolve(1) }),
      ),
      replace("bad onProgress", [1, "onProgress"], "options.onProgress", fc.constantFrom(42, "x", {})),
      replace("bad signal", [1, "signal"], "options.signal", fc.constantFrom(42, "x", {})),
    ],
  },
  runSweepTask: {
    kind: "throws",
    async: true,
    valid: fc.tuple(taskArb),
    validRuns: 10,
    breakers: [
      replace("wrong type", [0], "task", fc.constantFrom(null, 42, "x", undefined)),
      replace(
        "not importable",
        [0, "module"],
        "task.module",
        fc.constantFrom("data:text/javascript,export const = ;", "./x.js", ""),
      ),
      replace("no such export", [0, "export"], "task.export", fc.constantFrom("nothing", "")),
      replace(
        "not plain data",
        [0, "args"],
        "task.args",
        fc.constantFrom(() => 1, Symbol("s")),
      ),
    ],
  },
  walkForward: {
    kind: "throws",
    async: true,
    valid: walkForwardArgs,
    validRuns: 20,
    breakers: [
      replace("wrong type", [0], "returns", fc.constantFrom(null, 42, "x", undefined)),
      replace("non-finite element", [0, "returns", "*"], "returns.returns[*]", nonFinite),
      replace("a return <= -1", [0, "returns", "*"], "returns.returns[*]", below(-1, true)),
      replace("wrong type", [1], "estimator", fc.constantFrom(null, 42, "x", {}, undefined)),
      custom("estimator: weights of the wrong length", "estimator", (a) => {
        a[1] = () => new Float64Array(9);
      }),
      custom("estimator: an unknown asset", "estimator", (a) => {
        a[1] = () => ({ NOPE: 1 });
      }),
      replace("wrong type", [2], "options", fc.constantFrom(null, 42, "x")),
      replace("missing window", [2, "window"], "options.window", fc.constantFrom(undefined, null, 3)),
      replace("bad kind", [2, "window", "kind"], "options.window.kind", fc.constantFrom("rolling", undefined, 1)),
      ...scalar([2, "window", "periods"], "options.window.periods", {
        outOfRange: fc.constantFrom(0, -1, 1.5, 10_000),
      }),
      replace(
        "bad schedule",
        [2, "rebalance"],
        "options.rebalance",
        fc.constantFrom(null, 3, {}, { every: 1, calendar: "monthly" }),
      ),
      replace(
        "bad every",
        [2, "rebalance"],
        "options.rebalance.every",
        fc.constantFrom({ every: 0 }, { every: 1.5 }, { every: Number.NaN }),
      ),
      replace(
        "calendar without dates",
        [2, "rebalance"],
        "options.rebalance.calendar",
        fc.constantFrom({ calendar: "monthly" }, { calendar: "weekly" }),
      ),
      ...scalar([2, "costBps"], "options.costBps", { optional: true, outOfRange: fc.constantFrom(-1, 1001) }),
      ...scalar([2, "turnoverLimit"], "options.turnoverLimit", {
        optional: true,
        outOfRange: fc.constantFrom(0, -0.5),
      }),
      replace("unknown benchmark", [2, "benchmark"], "options.benchmark", fc.constantFrom("NOPE", [0.01], null)),
      replace("unknown option", [2, "rebalanceEvery"], "options", fc.constant(1)),
    ],
  },
};
