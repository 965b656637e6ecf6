import { EngineError } from "../../errors/EngineError.ts";
import { assertKnownKeys } from "../../_internal/assertKnownKeys.ts";
import { assertInRange } from "../../_internal/validate.ts";

/** Calendar periods at whose last weekly point a calendar rebalance happens. */
export type RebalanceFrequency = "monthly" | "quarterly" | "annually";

/** How a rebalanced backtest trades back to the target weights (docs/maths.md#rebalanced-backtest). */
export interface RebalanceRule {
  /** Rebalance at the last weekly point of each calendar month, quarter or year (UTC). */
  frequency?: RebalanceFrequency;
  /**
   * Drift bands, checked at every weekly point: rebalance when a traded holding's weight x drifts
   * from its target w by more than `absolute` (|x − w| > absolute, a fraction in (0, 1]) or by more
   * than `relative` of the target (|x / w − 1| > relative, > 0). Either may be given, or both.
   */
  bands?: { absolute?: number; relative?: number };
  /** Proportional transaction cost on the value traded, in basis points, 0..1000; default 0. */
  costBps?: number;
}

/** A checked rule. */
export interface CheckedRule {
  frequency: RebalanceFrequency | undefined;
  absolute: number;
  relative: number;
  cost: number;
}

const FREQUENCIES: readonly string[] = ["monthly", "quarterly", "annually"];

/** Checks `rule` (INVALID_INPUT naming `rebalance.<field>`); absent bands are +Infinity. */
export function checkRule(rule: unknown): CheckedRule {
  if (rule === null || typeof rule !== "object") {
    throw new EngineError("INVALID_INPUT", "rebalance must be an object { frequency?, bands?, costBps? }", {
      field: "rebalance",
    });
  }
  assertKnownKeys("rebalance", rule, ["frequency", "bands", "costBps"]);
  const { frequency, bands, costBps = 0 } = rule as RebalanceRule;
  if (frequency !== undefined && !FREQUENCIES.includes(frequency)) {
    throw new EngineError(
      "INVALID_INPUT",
      `rebalance.frequency must be one of ${FREQUENCIES.join(", ")}, got ${String(frequency)}`,
      {
        field: "rebalance.frequency",
      },
    );
  }
  let absolute = Infinity;
  let relative = Infinity;
  if (bands !== undefined) {
    if (bands === null || typeof bands !== "object") {
      throw new EngineError("INVALID_INPUT", "rebalance.bands must be an object { absolute?, relative? }", {
        field: "rebalance.bands",
      });
    }
    assertKnownKeys("rebalance.bands", bands, ["absolute", "relative"]);
    if (bands.absolute !== undefined) {
      assertInRange("rebalance.bands.absolute", bands.absolute, { min: 0, minExclusive: true, max: 1 });
      absolute = bands.absolute;
    }
    if (bands.relative !== undefined) {
      assertInRange("rebalance.bands.relative", bands.relative, { min: 0, minExclusive: true });
      relative = bands.relative;
    }
  }
  assertInRange("rebalance.costBps", costBps, { min: 0, max: 1000 });
  return { frequency, absolute, relative, cost: costBps / 10000 };
}
