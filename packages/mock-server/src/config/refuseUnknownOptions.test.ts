import { describe, expect, it } from "vitest";
import { refuseUnknownOptions } from "./refuseUnknownOptions.ts";

describe("refuseUnknownOptions", () => {
  it("accepts known keys, undefined values included", () => {
    expect(() => refuseUnknownOptions({ seed: 1, latencyMs: undefined }, ["seed", "latencyMs"])).not.toThrow();
  });

  it("names an unknown key and the closest known names, through the CLI flags' spellings when they are closer", () => {
    expect(() => refuseUnknownOptions({ sead: 1 }, ["seed", "latencyMs"])).toThrow(
      new RangeError("options.sead: not an option (did you mean seed?)"),
    );
    expect(() => refuseUnknownOptions({ buildSeconds: 1 }, ["seed", "buildDurationMs"])).toThrow(
      /\(did you mean buildDurationMs\?\)/,
    );
    expect(() => refuseUnknownOptions({ data: "s.json" }, ["dataFile", "persistence"])).toThrow(
      /\(did you mean dataFile or persistence\?\)/,
    );
    // An alias whose options the caller does not have suggests nothing.
    expect(() => refuseUnknownOptions({ data: "s.json" }, ["seed"])).toThrow(
      /options\.data: not an option; the options are seed$/,
    );
  });
});
