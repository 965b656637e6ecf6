import { afterAll, describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { configureOptimizerSolver } from "./configureOptimizerSolver.ts";
import { meanCvarOptimize } from "./meanCvarOptimize.ts";
import { syntheticUniverse } from "../testing/index.ts";

describe("configureOptimizerSolver", () => {
  const { companies, scenarios } = syntheticUniverse(8, 5, 40);
  afterAll(() => configureOptimizerSolver({}));

  it("a solver that cannot be loaded is a SOLVER_FAILURE; restoring the defaults loads it again", async () => {
    configureOptimizerSolver({ locateFile: (file) => `/nonexistent/${file}` });
    const error = await meanCvarOptimize(companies, scenarios, { minMarketCap: 1e8 }).catch((e: unknown) => e);
    expect(isEngineError(error, "SOLVER_FAILURE")).toBe(true);
    expect((error as Error).message).toMatch(/^the HiGHS solver could not be loaded/);
    configureOptimizerSolver({});
    const result = await meanCvarOptimize(companies, scenarios, { minMarketCap: 1e8 });
    expect(result.certificate.status).toBe("optimal");
  });

  it("rejects options that are not an object or a locateFile that is not a function", () => {
    expect(() => configureOptimizerSolver(null as never)).toThrow("options must be an object");
    expect(() => configureOptimizerSolver({ locateFile: "x" as never })).toThrow(
      "options.locateFile must be a function",
    );
  });
});
