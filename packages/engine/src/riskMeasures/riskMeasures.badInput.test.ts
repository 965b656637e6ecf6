/** Bad input to the risk-measure optimizers and evaluators: refused with the field and the rule, before any solve. */
import { describe, expect, it } from "vitest";
import { assetReturns } from "../data/assetReturns.ts";
import { EngineError } from "../errors/EngineError.ts";
import { conditionalDrawdownAtRisk } from "./conditionalDrawdownAtRisk.ts";
import { meanRisk } from "./meanRisk.ts";
import { minimumRisk } from "./minimumRisk.ts";
import { portfolioRisk } from "./portfolioRisk.ts";

const r = assetReturns(
  [
    [0.01, -0.02, 0.0],
    [-0.03, 0.01, 0.01],
    [0.02, 0.0, -0.01],
    [0.0, -0.01, 0.02],
  ],
  { assets: ["A", "B", "C"], frequency: "daily" },
);

async function refusal(call: () => Promise<unknown> | unknown): Promise<EngineError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error("expected an EngineError");
}

describe("risk-measure bad input", () => {
  it("refuses an unknown option naming the closest one", async () => {
    const e = await refusal(() => minimumRisk(r, { riskMeasure: "mad", maxWieght: 0.5 } as never));
    expect([e.code, e.field]).toEqual(["INVALID_INPUT", "options.maxWieght"]);
    expect(e.message).toContain("has no option maxWieght (did you mean maxWeight?)");
    const m = await refusal(() => meanRisk(r, { riskMeasure: "mad", riskAversoin: 1 } as never));
    expect(m.message).toContain("has no option riskAversoin (did you mean riskAversion?)");
    const q = await refusal(() => portfolioRisk(r, { A: 1 }, { riskMeasure: "cdar", confidnce: 0.9 } as never));
    expect(q.message).toContain("has no option confidnce (did you mean confidence?)");
  });

  it("refuses a missing or unknown riskMeasure naming the closest measure", async () => {
    expect((await refusal(() => minimumRisk(r, {} as never))).field).toBe("riskMeasure");
    const e = await refusal(() => meanRisk(r, { riskMeasure: "max-drawdwon" as never, riskAversion: 1 }));
    expect([e.code, e.field]).toEqual(["INVALID_INPUT", "riskMeasure"]);
    expect(e.message).toContain('closest: "max-drawdown"');
  });

  it("refuses confidence with a measure other than CDaR, and outside (0, 1) with CDaR", async () => {
    expect((await refusal(() => minimumRisk(r, { riskMeasure: "minimax", confidence: 0.9 }))).field).toBe("confidence");
    expect((await refusal(() => minimumRisk(r, { riskMeasure: "cdar", confidence: 1 }))).field).toBe("confidence");
    expect((await refusal(() => conditionalDrawdownAtRisk([0.01, -0.02], 0))).field).toBe("confidence");
    expect((await refusal(() => portfolioRisk(r, { A: 1 }, { riskMeasure: "mad", confidence: 0.9 }))).field).toBe(
      "confidence",
    );
  });

  it("refuses a missing or negative riskAversion", async () => {
    expect((await refusal(() => meanRisk(r, { riskMeasure: "mad" } as never))).field).toBe("riskAversion");
    expect((await refusal(() => meanRisk(r, { riskMeasure: "mad", riskAversion: -0.1 }))).field).toBe("riskAversion");
  });

  it("refuses a target return above the largest the weight rules allow, naming that largest return", async () => {
    const e = await refusal(() => minimumRisk(r, { riskMeasure: "semi-deviation", targetReturn: 0.9, maxWeight: 0.5 }));
    expect([e.code, e.field]).toEqual(["INFEASIBLE", "targetReturn"]);
    // The best mix under the 0.5 cap: half C (mean 0.005) and half A (mean 0) = 0.0025 a day, 0.63 a year.
    expect(e.message).toContain("0.63 a year");
  });

  it("refuses weight rules no portfolio of the assets can meet", async () => {
    expect((await refusal(() => minimumRisk(r, { riskMeasure: "mad", maxWeight: 0.3 }))).code).toBe("INFEASIBLE");
    expect((await refusal(() => minimumRisk(r, { riskMeasure: "mad", minHoldings: 4 }))).field).toBe("minHoldings");
  });

  it("refuses returns that are not labelled returns, and weights naming an unknown asset", async () => {
    expect((await refusal(() => minimumRisk([[0.01]] as never, { riskMeasure: "mad" }))).field).toMatch(/^returns/);
    const e = await refusal(() => portfolioRisk(r, { D: 1 }, { riskMeasure: "mad" }));
    expect(e.field).toBe("weights");
  });
});
