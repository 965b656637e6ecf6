import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BuildOutcome, RunRecord } from "../store/StoreState.ts";
import { completeRunningBuilds, decideOutcome, isRunning, runStatus } from "./builds.ts";

const outcome = fc.constantFrom<BuildOutcome>(100, -1, -2);
const run = fc.record({
  startedAt: fc.integer({ min: 0, max: 2e12 }),
  durationMs: fc.integer({ min: 0, max: 3_600_000 }),
  outcome,
});

describe("runStatus", () => {
  it("is 0 at the start, 1..95 while running, the outcome from the end on", () => {
    fc.assert(
      fc.property(run, fc.integer({ min: -1e6, max: 1e7 }), (r: RunRecord, dt) => {
        const s = runStatus(r, r.startedAt + dt);
        if (dt >= r.durationMs) expect(s).toBe(r.outcome);
        else if (dt <= 0) expect(s).toBe(0);
        else {
          expect(Number.isInteger(s)).toBe(true);
          expect(s).toBeGreaterThanOrEqual(1);
          expect(s).toBeLessThanOrEqual(95);
          expect(isRunning(r, r.startedAt + dt)).toBe(true);
        }
      }),
    );
  });

  it("never decreases while running", () => {
    fc.assert(
      fc.property(run, fc.integer({ min: 0, max: 1e7 }), fc.integer({ min: 0, max: 1e7 }), (r, a, b) => {
        const [t1, t2] = a <= b ? [a, b] : [b, a];
        if (t2 >= r.durationMs) return;
        expect(runStatus(r, r.startedAt + t1)).toBeLessThanOrEqual(runStatus(r, r.startedAt + t2));
      }),
    );
  });

  it("quarter steps of a 4 s build: 24, 48, 72, then 100 (95·t/d rounded up, by hand)", () => {
    const r: RunRecord = { startedAt: 1000, durationMs: 4000, outcome: 100 };
    expect([0, 1000, 2000, 3000, 4000].map((t) => runStatus(r, 1000 + t))).toEqual([0, 24, 48, 72, 100]);
  });
});

describe("decideOutcome", () => {
  const base = { nextOutcome: null } as Parameters<typeof decideOutcome>[0];
  it("forced outcome, then magic phrases, then empty selection, then 100", () => {
    expect(decideOutcome({ ...base, nextOutcome: -2 }, "anything mock:fail", true)).toBe(-2);
    expect(decideOutcome(base, "x MOCK:FAIL-permanently y", true)).toBe(-2);
    expect(decideOutcome(base, "x mock:fail y", true)).toBe(-1);
    expect(decideOutcome(base, "quantum", false)).toBe(-1);
    expect(decideOutcome(base, "quantum", true)).toBe(100);
  });
});

describe("completeRunningBuilds", () => {
  it("ends running builds now with their outcome and leaves finished ones alone", () => {
    const version = (r: RunRecord | null) => ({
      id: "v",
      objective: "",
      exclusions: [],
      createdAt: 0,
      run: r,
      constituents: null,
    });
    const state = {
      strategies: [
        {
          versions: [
            version({ startedAt: 0, durationMs: 10_000, outcome: -1 }),
            version({ startedAt: 0, durationMs: 10, outcome: 100 }),
            version(null),
          ],
        },
      ],
    } as unknown as Parameters<typeof completeRunningBuilds>[0];
    expect(completeRunningBuilds(state, 500)).toBe(1);
    const runs = state.strategies[0]!.versions.map((v) => v.run);
    expect(runs[0]).toEqual({ startedAt: 0, durationMs: 500, outcome: -1 });
    expect(runStatus(runs[0]!, 500)).toBe(-1);
    expect(runs[1]).toEqual({ startedAt: 0, durationMs: 10, outcome: 100 });
  });
});
