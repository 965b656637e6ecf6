import { EngineError } from "../errors/EngineError.ts";
import { formatDistinct, formatNumber } from "./formatNumber.ts";

/**
 * Input checks shared by every public engine function. Each throws an `INVALID_INPUT`
 * {@link EngineError} whose message names the field and the rule it breaks, so that a
 * server can pass the message straight to its caller.
 */

/** Numeric sequence accepted by the engine: a plain array or any typed array. */
export type NumericArray = ArrayLike<number>;

function describe(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  return typeof value;
}

/** Throws unless `value` is a finite number. */
export function assertFinite(field: string, value: unknown): asserts value is number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new EngineError("INVALID_INPUT", `${field} must be a finite number, got ${describe(value)}`, { field });
  }
}

/** Throws unless `value` is a finite number with `min <= value <= max` (either bound may be open). */
export function assertInRange(
  field: string,
  value: unknown,
  range: { min?: number; max?: number; minExclusive?: boolean; maxExclusive?: boolean },
): asserts value is number {
  assertFinite(field, value);
  const { min, max, minExclusive = false, maxExclusive = false } = range;
  const belowMin = min !== undefined && (minExclusive ? value <= min : value < min);
  const aboveMax = max !== undefined && (maxExclusive ? value >= max : value > max);
  if (belowMin || aboveMax) {
    // Rounded for people, with the digits that tell the value from a bound; the exact value in details.
    const bounds = [min, max].filter((b): b is number => b !== undefined);
    const lower = min === undefined ? "" : `${formatNumber(min)} ${minExclusive ? "<" : "<="} `;
    const upper = max === undefined ? "" : ` ${maxExclusive ? "<" : "<="} ${formatNumber(max)}`;
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must satisfy ${lower}${field}${upper}, got ${formatDistinct(value, bounds)}`,
      {
        field,
        details: { value, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) },
      },
    );
  }
}

/** Throws unless `value` is an integer within the inclusive range. */
export function assertInteger(
  field: string,
  value: unknown,
  range: { min?: number; max?: number } = {},
): asserts value is number {
  assertFinite(field, value);
  if (!Number.isInteger(value)) {
    throw new EngineError("INVALID_INPUT", `${field} must be an integer, got ${value}`, { field });
  }
  assertInRange(field, value, range);
}

/**
 * Throws unless `values` is an array-like of at least `minLength` finite numbers; the message
 * names the first offending index. Returns the values as a `Float64Array` (a view of the input
 * when it already is one, never a mutation of it).
 */
export function toFiniteFloat64(field: string, values: unknown, minLength = 1): Float64Array {
  if (values === null || typeof values !== "object" || typeof (values as ArrayLike<number>).length !== "number") {
    throw new EngineError("INVALID_INPUT", `${field} must be an array of numbers, got ${describe(values)}`, { field });
  }
  const input = values as ArrayLike<unknown>;
  if (input.length < minLength) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must hold at least ${minLength} value${minLength === 1 ? "" : "s"}, got ${input.length}`,
      { field },
    );
  }
  const out = input instanceof Float64Array ? input : new Float64Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const v = input[i];
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new EngineError("INVALID_INPUT", `${field}[${i}] must be a finite number, got ${describe(v)}`, {
        field: `${field}[${i}]`,
      });
    }
    if (out !== input) out[i] = v;
  }
  return out;
}

/** Throws unless every value is strictly positive (prices, NAVs). Expects finite input. */
export function assertAllPositive(field: string, values: Float64Array): void {
  for (let i = 0; i < values.length; i++) {
    if (!(values[i]! > 0)) {
      throw new EngineError("INVALID_INPUT", `${field}[${i}] must be > 0, got ${values[i]}`, {
        field: `${field}[${i}]`,
      });
    }
  }
}

/** Throws unless two sequences have the same length. */
export function assertSameLength(fieldA: string, a: ArrayLike<unknown>, fieldB: string, b: ArrayLike<unknown>): void {
  if (a.length !== b.length) {
    throw new EngineError(
      "INVALID_INPUT",
      `${fieldA} and ${fieldB} must have the same length, got ${a.length} and ${b.length}`,
      { field: fieldB },
    );
  }
}
