/**
 * Test helpers (not exported): the bad-input contract entry of discrete allocation
 * (src/allocation/discreteAllocation.ts), with labelled weights and prices.
 */
import fc from "fast-check";
import { above, below, custom, nonFinite, notAnObject, replace, scalar } from "./breakers.ts";
import type { ContractEntry } from "./contract.ts";

const double = (min: number, max: number) => fc.double({ min, max, noNaN: true });

/** Labelled weights ({ id: w }) summing to 1, prices by id ({ id: p } or a Map, with one unused id), cash and options. */
const allocationArgs = (extreme: boolean) =>
  fc.integer({ min: 1, max: 5 }).chain((n) =>
    fc.tuple(
      fc.array(fc.integer({ min: 1, max: 100 }), { minLength: n, maxLength: n }).map((raw) => {
        const total = raw.reduce((x, y) => x + y, 0);
        return Object.fromEntries(raw.map((x, i) => [`A${i}`, x / total]));
      }),
      fc
        .tuple(
          fc.array(extreme ? fc.constantFrom(1e-3, 1, 1e6, 1e300) : double(1, 500), { minLength: n, maxLength: n }),
          fc.boolean(),
        )
        .map(([prices, asMap]) => {
          const entries: Array<[string, number]> = [
            ...prices.map((p, i): [string, number] => [`A${i}`, p]),
            ["UNUSED", 1],
          ];
          return asMap ? new Map(entries) : Object.fromEntries(entries);
        }),
      extreme ? fc.constantFrom(1e-300, 1, 1e5, 1e6) : double(100, 1e5),
      fc.record(
        { objective: fc.constantFrom("track-weights", "least-cash"), riskFreeRate: double(-0.5, 0.5) },
        { requiredKeys: [] },
      ),
    ),
  );

/** The id of the first asset (weights are `{ A0: …, A1: … }`). */
const FIRST = "A0";
const setPrice = (a: unknown[], id: string, value: unknown) => {
  const prices = a[1];
  if (prices instanceof Map) prices.set(id, value);
  else (prices as Record<string, unknown>)[id] = value;
};

export const allocationEntries = {
  discreteAllocation: {
    kind: "throws",
    async: true,
    validRuns: 8,
    brokenRuns: 6,
    valid: allocationArgs(false),
    extreme: allocationArgs(true),
    breakers: [
      replace("wrong type", [0], "weights", fc.constantFrom(null, 42, "x", undefined)),
      replace("empty", [0], "weights", fc.constant({})),
      replace("non-finite weight", [0, FIRST], `weights.${FIRST}`, fc.oneof(nonFinite, fc.constantFrom("0.5", null))),
      replace("negative weight", [0, FIRST], `weights.${FIRST}`, below(0)),
      custom("weights: do not sum to 1", "weights", (a) => {
        const w = a[0] as Record<string, number>;
        for (const id of Object.keys(w)) w[id] = w[id]! * 2;
      }),
      replace("wrong type", [1], "prices", fc.constantFrom(null, 42, "x", undefined)),
      custom(`prices.${FIRST}: missing for a held asset`, `prices.${FIRST}`, (a) => {
        const prices = a[1];
        if (prices instanceof Map) prices.delete(FIRST);
        else delete (prices as Record<string, unknown>)[FIRST];
      }),
      custom(`prices.${FIRST}: not a finite price > 0`, `prices.${FIRST}`, (a, g) => {
        setPrice(
          a,
          FIRST,
          g(() => fc.oneof(nonFinite, below(0, true), fc.constantFrom("10", null))),
        );
      }),
      custom(`prices.${FIRST}: more than 1e9 shares for the cash`, `prices.${FIRST}`, (a) => {
        setPrice(a, FIRST, (a[2] as number) / 2e9);
      }),
      ...scalar([2], "cash", { outOfRange: below(0, true) }),
      replace("wrong type", [3], "options", notAnObject),
      replace("unknown option", [3, "timeLimitSecond"], "timeLimitSecond", fc.constant(1)),
      replace("unknown objective", [3, "objective"], "objective", fc.constantFrom("most-shares", "", 1, null)),
      ...scalar([3, "timeLimitSeconds"], "timeLimitSeconds", { optional: true, outOfRange: below(0, true) }),
      ...scalar([3, "riskFreeRate"], "riskFreeRate", {
        optional: true,
        outOfRange: fc.oneof(below(-1, true), above(1, true)),
      }),
      replace("covariance without the held assets", [3, "covariance"], "options.covariance", fc.constant([[0.04]])),
    ],
  },
} satisfies Record<string, ContractEntry>;
