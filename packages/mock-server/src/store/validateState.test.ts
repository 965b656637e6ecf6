import { describe, expect, it } from "vitest";
import { testUniverse } from "../_test/testUniverse.ts";
import { initialState } from "./initialState.ts";
import { validateState } from "./validateState.ts";

const fresh = () => JSON.parse(JSON.stringify(initialState(testUniverse, 1, []))) as ReturnType<typeof initialState>;

describe("validateState", () => {
  it("accepts the initial state, and the optional dated-run fields of a version", () => {
    expect(validateState(fresh(), "s.json")).toEqual(fresh());
    const state = fresh();
    Object.assign(state.strategies[0]!.versions[0]!, {
      historicalRuns: [{ startedAt: 1, durationMs: 0, outcome: 100, asOfDate: "2024-01-31" }],
      liveRunCount: 2,
      factsheets: [{ asOfDate: "2024-01-31", requestedAt: 5, durationMs: 10 }],
    });
    expect(() => validateState(state, "s.json")).not.toThrow();
  });

  it("names the file, the path and the rule, and lists at most five problems", () => {
    const state = fresh() as unknown as Record<string, unknown>;
    (state.strategies as Array<Record<string, unknown>>)[0]!.versions = [
      {
        id: "v",
        objective: "",
        exclusions: [],
        createdAt: 1.5,
        run: null,
        constituents: null,
        historicalRuns: [{ startedAt: 1, durationMs: 0, outcome: 100, asOfDate: "31/01/2024" }],
      },
    ];
    expect(() => validateState(state, "s.json")).toThrow(
      /^\[thematic-mock\] s\.json is not a valid thematic-mock state: strategies\[0\]\.versions\[0\]\.createdAt: must be an integer \(ms since epoch\); strategies\[0\]\.versions\[0\]\.historicalRuns\[0\]\.asOfDate: must be a date YYYY-MM-DD/,
    );
    for (const k of ["idSeed", "idCounter", "users", "strategies", "extensions", "formatVersion"]) delete state[k];
    expect(() => validateState(state, "s.json")).toThrow(/\(and 1 more\)/);
  });
});
