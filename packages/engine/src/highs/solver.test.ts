import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { HIGHS_STATUS, loadSolver, runToOptimality, statusName, withSolverModel } from "./solver.ts";

describe("solver helpers", () => {
  it("a model HiGHS does not solve to optimality is a SOLVER_FAILURE, and the model is disposed", async () => {
    const highs = await loadSolver();
    let handle: { model: ReturnType<typeof highs.createModel> } | undefined;
    // x >= 1 and x <= 0: infeasible.
    const error = (() => {
      try {
        withSolverModel(
          () =>
            (handle = {
              model: highs.createModel({
                numCols: 1,
                numRows: 1,
                colCost: [1],
                colLower: [1],
                colUpper: [2],
                rowLower: [-highs.infinity],
                rowUpper: [0],
                matrix: { format: "csr", numRows: 1, numCols: 1, starts: [0, 1], indices: [0], values: [1] },
              }),
            }),
          ({ model }) => runToOptimality(model, "the test LP"),
        );
      } catch (e) {
        return e;
      }
    })();
    expect(isEngineError(error, "SOLVER_FAILURE")).toBe(true);
    expect((error as Error).message).toBe("the HiGHS solver did not certify the test LP: infeasible");
    expect(handle?.model.disposed).toBe(true);
  });

  it("a HiGHS exception becomes a SOLVER_FAILURE carrying it as the cause", async () => {
    const highs = await loadSolver();
    const error = (() => {
      try {
        withSolverModel(
          () => ({
            model: highs.createModel({
              numCols: 1,
              numRows: 0,
              colCost: [],
              colLower: [0],
              colUpper: [1],
              rowLower: [],
              rowUpper: [],
              matrix: { format: "csr", numRows: 0, numCols: 1, starts: [0], indices: [], values: [] },
            }),
          }),
          () => 0,
        );
      } catch (e) {
        return e;
      }
    })();
    expect(isEngineError(error, "SOLVER_FAILURE")).toBe(true);
    expect((error as Error).cause).toBeDefined();
  });
});

describe("the named HiGHS statuses", () => {
  const lp = (highs: Awaited<ReturnType<typeof loadSolver>>) =>
    highs.createModel({
      numCols: 1,
      numRows: 1,
      colCost: [1],
      colLower: [0],
      colUpper: [2],
      rowLower: [1],
      rowUpper: [highs.infinity],
      matrix: { format: "csr", numRows: 1, numCols: 1, starts: [0, 1], indices: [0], values: [1] },
    });

  it("are the codes HiGHS reports: optimal for a solved LP, time limit reached when the limit is 0", async () => {
    const highs = await loadSolver();
    const solved = withSolverModel(
      () => ({ model: lp(highs) }),
      ({ model }) => model.run().modelStatus,
    );
    expect(solved).toBe(HIGHS_STATUS.optimal);
    expect(statusName(solved)).toBe("optimal");
    const stopped = withSolverModel(
      () => ({ model: lp(highs) }),
      ({ model }) => {
        model.options.set({ time_limit: 0, presolve: "off" });
        return model.run().modelStatus;
      },
    );
    expect(stopped).toBe(HIGHS_STATUS.timeLimitReached);
    expect(statusName(stopped)).toBe("time limit reached");
  });
});
