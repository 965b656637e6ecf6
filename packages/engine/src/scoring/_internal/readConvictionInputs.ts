import { EngineError } from "../../errors/EngineError.ts";
import { readOptions } from "../../_internal/readOptions.ts";
import { assertInRange } from "../../_internal/validate.ts";
import type { ConvictionInput, ConvictionOptions } from "../types.ts";
import { DEFAULT_SCORING_MIN_MARKET_CAP } from "../types.ts";
import { EPS } from "../../_internal/tolerance.ts";
import { logRatio } from "./logRatio.ts";

/**
 * The validated input of the conviction score plus the size-neutralising regression, ready for
 * one output pass. For an eligible company i the buzz residual is
 * `e_i = (buzz[i] − meanY) − slope·(logCap[i] − meanX)`, where `logCap[i]` = ln(cap_i / max cap)
 * (ln cap shifted by a constant, which leaves the residuals unchanged); `eligible[i]` is 0 or 1.
 */
export interface ConvictionFit {
  n: number;
  beta: Float64Array;
  buzz: Float64Array;
  logCap: Float64Array;
  eligible: Uint8Array;
  meanX: number;
  meanY: number;
  slope: number;
}

function describe(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  return typeof value;
}

/**
 * The fitting part of the conviction score. Pass 1 validates every company (throwing
 * `INVALID_INPUT` naming `companies[i].field`) and copies the inputs into typed arrays; pass 2,
 * over eligible companies, computes x = ln(cap / max cap) and accumulates the centred sums of
 * the ordinary least squares of buzz on x with Welford's updates (Welford 1962, Technometrics
 * 4(3); West 1979, CACM 22(9)), so no cancellation. Slope 0 when fewer than two companies are
 * eligible or their x span at most EPS (all market caps equal within EPS relative).
 * Cost: O(n) time, four typed arrays of length n, nothing allocated per company.
 */
export function readConvictionInputs(
  companies: ReadonlyArray<ConvictionInput>,
  options?: ConvictionOptions,
): ConvictionFit {
  if (
    companies === null ||
    typeof companies !== "object" ||
    typeof (companies as { length?: unknown }).length !== "number"
  ) {
    throw new EngineError("INVALID_INPUT", `companies must be an array of companies, got ${describe(companies)}`, {
      field: "companies",
    });
  }
  let minMarketCap = DEFAULT_SCORING_MIN_MARKET_CAP;
  // null, like undefined, means the defaults here.
  const checked = readOptions<ConvictionOptions>(options ?? undefined, "{ minMarketCap? }", ["minMarketCap"]);
  if (checked.minMarketCap !== undefined) {
    assertInRange("options.minMarketCap", checked.minMarketCap, { min: 0 });
    minMarketCap = checked.minMarketCap;
  }

  const n = companies.length;
  const beta = new Float64Array(n);
  const buzz = new Float64Array(n);
  const logCap = new Float64Array(n); // market caps after pass 1, ln(cap / maxCap) after pass 2
  const eligible = new Uint8Array(n);
  let maxCap = 0;

  // Pass 1: validate and copy.
  for (let i = 0; i < n; i++) {
    const c = companies[i];
    if (c === null || typeof c !== "object") {
      throw new EngineError("INVALID_INPUT", `companies[${i}] must be an object, got ${describe(c)}`, {
        field: `companies[${i}]`,
      });
    }
    const l = c.linguisticBeta;
    // Fast path without building the field name; the assertion only runs to throw its message.
    if (!(typeof l === "number" && l >= 0 && l <= 1))
      assertInRange(`companies[${i}].linguisticBeta`, l, { min: 0, max: 1 });
    const y = c.marketBuzz;
    if (!(typeof y === "number" && y >= 0 && y <= 1))
      assertInRange(`companies[${i}].marketBuzz`, y, { min: 0, max: 1 });
    const m = c.marketCap;
    if (m !== null && !(typeof m === "number" && m >= 0 && m <= Number.MAX_VALUE)) {
      throw new EngineError(
        "INVALID_INPUT",
        `companies[${i}].marketCap must be null or a finite number >= 0, got ${describe(m)}`,
        { field: `companies[${i}].marketCap` },
      );
    }
    beta[i] = l;
    buzz[i] = y;
    if (m !== null && m >= minMarketCap && m > 0) {
      eligible[i] = 1;
      logCap[i] = m;
      if (m > maxCap) maxCap = m;
    }
  }

  // Pass 2: x = ln(cap / maxCap) (a shift of ln cap by a constant, which OLS residuals ignore,
  // computed from the ratio so that scaling every cap changes x by rounding only), and the
  // centred sums of the regression by Welford's updates.
  let count = 0;
  let meanX = 0;
  let meanY = 0;
  let sxx = 0;
  let sxy = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  for (let i = 0; i < n; i++) {
    if (eligible[i] !== 1) continue;
    const x = logRatio(logCap[i]!, maxCap);
    const y = buzz[i]!;
    logCap[i] = x;
    count++;
    const dx = x - meanX;
    meanX += dx / count;
    meanY += (y - meanY) / count;
    sxx += dx * (x - meanX);
    sxy += dx * (y - meanY);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
  }

  const slope = count >= 2 && maxX - minX > EPS && sxx > 0 ? sxy / sxx : 0;
  return { n, beta, buzz, logCap, eligible, meanX, meanY, slope };
}
