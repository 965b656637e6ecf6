import { EngineError } from "../../errors/EngineError.ts";
import { assertKnownKeys, editDistance } from "../../_internal/assertKnownKeys.ts";
import { formatNumber } from "../../_internal/formatNumber.ts";
import { assertFinite, assertInRange } from "../../_internal/validate.ts";
import type { ConstraintOptions, LinearConstraint } from "../ConstraintOptions.ts";
import type { CompiledConstraints, LinearRow } from "./CompiledConstraints.ts";

/**
 * Checks every {@link ConstraintOptions} field and compiles it into vectors in the order of `assets`
 * (docs/maths.md#portfolio-constraints). Asset ids not among `assets` are refused naming the id and
 * the closest ids; a `groupLimits` attribute or value absent from `groups` is refused naming the
 * closest; a linear rule needs at least one bound and lower <= upper. Every error is INVALID_INPUT
 * with `field` the option path (`groupLimits.sector.Technology`, `linearConstraints[2].upper`).
 * Whether the rules can hold together is decided afterwards, by `assertConstraintsFeasible`.
 *
 * `maxWeight` is the per-asset upper bound (already checked by the caller); `periodsPerYear` converts
 * the annual tracking-error limit per period (`maxTrackingError / √P`). `benchmark` is compiled only
 * when `maxTrackingError` is given; `maxTrackingError` without `benchmarkWeights` is refused.
 *
 * Cost: O(n + Σ entries) plus O(n·L²) per unknown id (the closest-name search).
 * @throws EngineError INVALID_INPUT naming the option path and its rule
 * @example
 * readConstraints({ groups: { sector: { A: "Tech", B: "Tech" } }, groupLimits: { sector: { Tech: [0, 0.6] } } }, ["A", "B", "C"], 1, 252).rows[0].name // => "groupLimits.sector.Tech"
 */
export function readConstraints(options: ConstraintOptions, assets: readonly string[], maxWeight: number, periodsPerYear: number): CompiledConstraints {
  const n = assets.length;
  const index = new Map<string, number>();
  assets.forEach((id, i) => index.set(id, i));
  const indexOf = (field: string, id: string): number => {
    const i = index.get(id);
    if (i === undefined) unknownAsset(field, id, assets);
    return i!;
  };

  // minWeight, maxGrossExposure: the bounds.
  const minWeight = options.minWeight ?? 0;
  if (options.minWeight !== undefined) assertInRange("minWeight", options.minWeight, { min: -1, max: maxWeight });
  const lower = new Float64Array(n).fill(minWeight);
  const upper = new Float64Array(n).fill(maxWeight);
  let maxGrossExposure: number | null = null;
  if (options.maxGrossExposure !== undefined) {
    assertInRange("maxGrossExposure", options.maxGrossExposure, { min: 1 });
    maxGrossExposure = options.maxGrossExposure;
  }

  // groups and groupLimits: one row per limited group.
  const rows: LinearRow[] = [];
  const groups = options.groups === undefined ? {} : readRecord("groups", options.groups);
  const members = new Map<string, Map<string, number[]>>();
  for (const [attribute, byAsset] of Object.entries(groups)) {
    const values = new Map<string, number[]>();
    for (const [id, value] of Object.entries(readRecord(`groups.${attribute}`, byAsset))) {
      const i = indexOf(`groups.${attribute}`, id);
      if (typeof value !== "string" || value.length === 0) {
        throw new EngineError("INVALID_INPUT", `groups.${attribute}.${id} must be a non-empty string (the asset's ${attribute}), got ${describe(value)}`, {
          field: `groups.${attribute}.${id}`,
        });
      }
      const list = values.get(value) ?? [];
      list.push(i);
      values.set(value, list);
    }
    members.set(attribute, values);
  }
  if (options.groupLimits !== undefined) {
    for (const [attribute, byValue] of Object.entries(readRecord("groupLimits", options.groupLimits))) {
      const values = members.get(attribute);
      if (values === undefined) {
        const known = [...members.keys()];
        throw new EngineError(
          "INVALID_INPUT",
          `groupLimits.${attribute} names an attribute absent from groups${known.length === 0 ? " (no groups given)" : ` (did you mean ${closestOf(attribute, known).join(", ")}?); known: ${known.join(", ")}`}`,
          { field: `groupLimits.${attribute}`, details: { attribute, known } },
        );
      }
      for (const [value, bounds] of Object.entries(readRecord(`groupLimits.${attribute}`, byValue))) {
        const field = `groupLimits.${attribute}.${value}`;
        const list = values.get(value);
        if (list === undefined) {
          const known = [...values.keys()];
          throw new EngineError(
            "INVALID_INPUT",
            `${field} names a ${attribute} no asset has in groups.${attribute} (did you mean ${closestOf(value, known).join(", ")}?); known: ${known.join(", ")}`,
            { field, details: { attribute, value, known } },
          );
        }
        if (!Array.isArray(bounds) || bounds.length !== 2) {
          throw new EngineError("INVALID_INPUT", `${field} must be [lower, upper], got ${describe(bounds)}`, { field });
        }
        assertFinite(`${field}[0]`, bounds[0]);
        assertFinite(`${field}[1]`, bounds[1]);
        if (bounds[0] > bounds[1]) {
          throw new EngineError("INVALID_INPUT", `${field} must have lower <= upper, got [${formatNumber(bounds[0])}, ${formatNumber(bounds[1])}]`, {
            field, details: { lower: bounds[0], upper: bounds[1] },
          });
        }
        const coefficients = new Float64Array(n);
        for (const i of list) coefficients[i] = 1;
        rows.push({ name: field, coefficients, lower: bounds[0], upper: bounds[1] });
      }
    }
  }

  // linearConstraints.
  if (options.linearConstraints !== undefined) {
    if (!Array.isArray(options.linearConstraints)) {
      throw new EngineError("INVALID_INPUT", `linearConstraints must be an array of { coefficients, lower?, upper?, name? }, got ${describe(options.linearConstraints)}`, {
        field: "linearConstraints",
      });
    }
    options.linearConstraints.forEach((rule: LinearConstraint, k: number) => rows.push(readLinearRule(rule, k, n, indexOf)));
  }
  const names = new Set<string>();
  for (const row of rows) {
    if (names.has(row.name)) {
      throw new EngineError("INVALID_INPUT", `linearConstraints: two rules are named ${row.name}; give each rule its own name`, { field: "linearConstraints" });
    }
    names.add(row.name);
  }

  // previousWeights, maxTurnover, transactionCosts.
  const previous = new Float64Array(n);
  if (options.previousWeights !== undefined) readWeights("previousWeights", options.previousWeights, previous, indexOf);
  let maxTurnover: number | null = null;
  if (options.maxTurnover !== undefined) {
    const most = minWeight < 0 ? (maxGrossExposure ?? Number.MAX_VALUE) : 1;
    assertInRange("maxTurnover", options.maxTurnover, { min: 0, max: most });
    maxTurnover = options.maxTurnover;
  }
  let costs: Float64Array | null = null;
  const c = options.transactionCosts;
  if (c !== undefined) {
    costs = new Float64Array(n);
    if (typeof c === "number") {
      assertInRange("transactionCosts", c, { min: 0, max: 1, maxExclusive: true });
      costs.fill(c);
    } else {
      for (const [id, value] of Object.entries(readRecord("transactionCosts", c))) {
        const i = indexOf("transactionCosts", id);
        assertInRange(`transactionCosts.${id}`, value, { min: 0, max: 1, maxExclusive: true });
        costs[i] = value;
      }
    }
    if (costs.every((x) => x === 0)) costs = null;
  }

  // benchmarkWeights, maxTrackingError.
  const benchmarkWeights = new Float64Array(n);
  if (options.benchmarkWeights !== undefined) readWeights("benchmarkWeights", options.benchmarkWeights, benchmarkWeights, indexOf);
  let benchmark: Float64Array | null = null;
  let maxTrackingErrorPerPeriod: number | null = null;
  if (options.maxTrackingError !== undefined) {
    assertInRange("maxTrackingError", options.maxTrackingError, { min: 0, minExclusive: true });
    if (options.benchmarkWeights === undefined) {
      throw new EngineError("INVALID_INPUT", "maxTrackingError needs benchmarkWeights (the benchmark's weights by asset id) to measure the tracking error against", {
        field: "maxTrackingError",
      });
    }
    benchmark = benchmarkWeights;
    maxTrackingErrorPerPeriod = options.maxTrackingError / Math.sqrt(periodsPerYear);
  }

  // l2Regularization.
  let l2 = 0;
  if (options.l2Regularization !== undefined) {
    assertInRange("l2Regularization", options.l2Regularization, { min: 0 });
    l2 = options.l2Regularization;
  }

  const any = minWeight !== 0 || rows.length > 0 || maxTurnover !== null || costs !== null || benchmark !== null || l2 > 0 || (maxGrossExposure !== null && minWeight < 0);
  return { n, lower, upper, rows, previous, maxTurnover, costs, benchmark, maxTrackingErrorPerPeriod, l2, maxGrossExposure, any };
}

/** One linear rule checked and compiled (dense coefficients). */
function readLinearRule(rule: LinearConstraint, k: number, n: number, indexOf: (field: string, id: string) => number): LinearRow {
  const field = `linearConstraints[${k}]`;
  if (rule === null || typeof rule !== "object" || Array.isArray(rule)) {
    throw new EngineError("INVALID_INPUT", `${field} must be an object { coefficients, lower?, upper?, name? }, got ${describe(rule)}`, { field });
  }
  assertKnownKeys(field, rule, ["coefficients", "lower", "upper", "name"]);
  if (rule.name !== undefined && (typeof rule.name !== "string" || rule.name.length === 0)) {
    throw new EngineError("INVALID_INPUT", `${field}.name must be a non-empty string, got ${describe(rule.name)}`, { field: `${field}.name` });
  }
  const name = rule.name ?? field;
  const coefficients = new Float64Array(n);
  if (rule.coefficients === undefined) {
    throw new EngineError("INVALID_INPUT", `${field}.coefficients is required (asset id → coefficient) in rule ${name}`, { field: `${field}.coefficients` });
  }
  for (const [id, a] of Object.entries(readRecord(`${field}.coefficients`, rule.coefficients))) {
    const i = indexOf(`${field}.coefficients`, id);
    assertFinite(`${field}.coefficients.${id}`, a);
    coefficients[i] = a;
  }
  if (rule.lower === undefined && rule.upper === undefined) {
    throw new EngineError("INVALID_INPUT", `${field} (${name}) has neither lower nor upper: give at least one bound`, { field });
  }
  if (rule.lower !== undefined) assertFinite(`${field}.lower`, rule.lower);
  if (rule.upper !== undefined) assertFinite(`${field}.upper`, rule.upper);
  const lower = rule.lower ?? -Infinity;
  const upper = rule.upper ?? Infinity;
  if (lower > upper) {
    throw new EngineError("INVALID_INPUT", `${field} (${name}) must have lower <= upper, got lower ${formatNumber(lower)} > upper ${formatNumber(upper)}`, {
      field, details: { lower, upper },
    });
  }
  return { name, coefficients, lower, upper };
}

/** Reads `asset id → finite number` into `out`. */
function readWeights(field: string, weights: Readonly<Record<string, number>>, out: Float64Array, indexOf: (field: string, id: string) => number): void {
  for (const [id, w] of Object.entries(readRecord(field, weights))) {
    const i = indexOf(field, id);
    assertFinite(`${field}.${id}`, w);
    out[i] = w;
  }
}

/** Throws unless `value` is a plain object (a record); returns it. */
function readRecord<T>(field: string, value: T): T {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new EngineError("INVALID_INPUT", `${field} must be an object (a record by name), got ${describe(value)}`, { field });
  }
  return value;
}

/** Up to three names of `known` closest to `key` (smallest edit distance, then order). */
function closestOf(key: string, known: readonly string[]): string[] {
  return known
    .map((name, k) => ({ name, k, d: editDistance(key, name) }))
    .sort((a, b) => a.d - b.d || a.k - b.k)
    .slice(0, 3)
    .map((x) => x.name);
}

function unknownAsset(field: string, id: string, assets: readonly string[]): never {
  const closest = closestOf(id, assets);
  throw new EngineError("INVALID_INPUT", `${field}.${id} names asset ${id}, which is not among the ${assets.length} assets (closest: ${closest.join(", ")})`, {
    field: `${field}.${id}`,
    details: { id, closest },
  });
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === "number" || typeof value === "string") return JSON.stringify(value);
  return typeof value;
}
