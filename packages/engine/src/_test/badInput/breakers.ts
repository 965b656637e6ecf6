/**
 * Test helpers (not exported): ways to break one argument of a valid call. A {@link Breaker}
 * turns valid arguments into broken ones and says which field the engine must blame and with
 * which error code(s).
 */
import fc from "fast-check";
import type { EngineErrorCode } from "../../errors/EngineError.ts";
import { deepClone, getAt, resolvePath, setAt, show, type Path } from "./paths.ts";

/** fast-check's inline generator (`fc.gen()`). */
export type Gen = fc.GeneratorValue;

/** One broken call. */
export interface Breakage {
  args: unknown[];
  /** What the message must name (or, for a code other than INVALID_INPUT, `EngineError.field`). */
  field: string;
  /** Label for the failure report. */
  label: string;
}

export interface Breaker {
  name: string;
  /** Accepted codes; the first is the documented one. */
  codes: readonly EngineErrorCode[];
  /** Broken arguments from valid ones, or undefined when this breaker does not apply to them. */
  make(args: readonly unknown[], g: Gen): Breakage | undefined;
}

const INVALID: readonly EngineErrorCode[] = ["INVALID_INPUT"];

export const nonFinite: fc.Arbitrary<number> = fc.constantFrom(
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
);

/** Values of the wrong type where a number is expected (`undefined` added for required values). */
export function notANumber(required: boolean): fc.Arbitrary<unknown> {
  const values: unknown[] = ["1", null, {}, [1], true, 10n, Symbol("n")];
  if (required) values.push(undefined);
  return fc.constantFrom(...values);
}

/** Values of the wrong type where an array is expected. */
export function notAnArray(required: boolean): fc.Arbitrary<unknown> {
  const values: unknown[] = ["abc", null, 42, {}, true, Symbol("a")];
  if (required) values.push(undefined);
  return fc.constantFrom(...values);
}

/** Values of the wrong type where a non-empty string is expected. */
export const notAString: fc.Arbitrary<unknown> = fc.constantFrom("", 42, null, undefined, {}, ["A"], Symbol("s"), 7n);

/** Values of the wrong type where an options object is expected (undefined means defaults). */
export const notAnObject: fc.Arbitrary<unknown> = fc.constantFrom(null, 42, "x", true);

/** A double strictly below `x` (down to x - 1e6, plus the far values). */
export function below(x: number, inclusive = false): fc.Arbitrary<number> {
  return fc
    .oneof(
      fc.double({ min: x - 1e6, max: x, maxExcluded: !inclusive, noNaN: true }),
      fc.constantFrom(-Number.MAX_VALUE, x - 1e-9 * Math.max(1, Math.abs(x)), ...(inclusive ? [x] : [])),
    )
    .filter((v) => (inclusive ? v <= x : v < x)); // -0 is not below 0
}

/** A double strictly above `x`. */
export function above(x: number, inclusive = false): fc.Arbitrary<number> {
  return fc
    .oneof(
      fc.double({ min: x, max: x + 1e6, minExcluded: !inclusive, noNaN: true }),
      fc.constantFrom(Number.MAX_VALUE, x + 1e-9 * Math.max(1, Math.abs(x)), ...(inclusive ? [x] : [])),
    )
    .filter((v) => (inclusive ? v >= x : v > x));
}

/** Replaces the value at `path` by one of `values`; `field` may hold the same placeholders as `path`. */
export function replace(
  name: string,
  path: Path,
  field: string,
  values: fc.Arbitrary<unknown>,
  codes = INVALID,
): Breaker {
  return {
    name: `${field}: ${name}`,
    codes,
    make(args, g) {
      const at = resolvePath(args, path, field, (n) => g(fc.nat, { max: n - 1 }));
      if (at === undefined) return undefined;
      const value = g(() => values);
      const broken = deepClone(args) as unknown[];
      setAt(broken, at.path, value);
      return { args: broken, field: at.field, label: `${at.field} = ${show(value)}` };
    },
  };
}

/** Replaces the value at `path` by `f(current value, g)`; `field` may hold the same placeholders as `path`. */
export function adjust(
  name: string,
  path: Path,
  field: string,
  f: (current: unknown, g: Gen) => unknown,
  codes = INVALID,
): Breaker {
  return {
    name: `${field}: ${name}`,
    codes,
    make(args, g) {
      const at = resolvePath(args, path, field, (n) => g(fc.nat, { max: n - 1 }));
      if (at === undefined) return undefined;
      const value = f(getAt(args, at.path), g);
      const broken = deepClone(args) as unknown[];
      setAt(broken, at.path, value);
      return { args: broken, field: at.field, label: `${at.field} = ${show(value)}` };
    },
  };
}

/** A breaker written by hand: `edit` changes a fresh clone of the arguments in place. */
export function custom(
  name: string,
  field: string | ((args: readonly unknown[]) => string),
  // biome-ignore lint/suspicious/noConfusingVoidType: an edit returns nothing, or false when it does not apply
  edit: (clone: unknown[], g: Gen) => boolean | void,
  codes = INVALID,
): Breaker {
  return {
    name,
    codes,
    make(args, g) {
      const broken = deepClone(args) as unknown[];
      if (edit(broken, g) === false) return undefined;
      const named = typeof field === "string" ? field : field(args);
      return { args: broken, field: named, label: name };
    },
  };
}

interface ScalarRules {
  /** Out-of-range values (already finite). */
  outOfRange?: fc.Arbitrary<number>;
  /** Undefined means the default (an optional argument or option). */
  optional?: boolean;
  codes?: readonly EngineErrorCode[];
}

/** Breakers of a number: non-finite, wrong type, out of range. */
export function scalar(path: Path, field: string, rules: ScalarRules = {}): Breaker[] {
  const codes = rules.codes ?? INVALID;
  const out = [
    replace("non-finite", path, field, nonFinite, codes),
    replace("wrong type", path, field, notANumber(rules.optional !== true), codes),
  ];
  if (rules.outOfRange !== undefined) out.push(replace("out of range", path, field, rules.outOfRange, codes));
  return out;
}

interface ArrayRules {
  /** Minimum length (0: empty is valid). */
  minLength: number;
  /** Out-of-range element values (already finite), e.g. non-positive prices. */
  elementOutOfRange?: fc.Arbitrary<number>;
  /** Whether elements may be of any type (false for a Float64Array-only input). */
  elementTypes?: boolean;
  optional?: boolean;
}

/** Breakers of a numeric array: a bad element at a random index, too short, wrong type. */
export function numericArray(path: Path, field: string, rules: ArrayRules): Breaker[] {
  const element = [...path, "*"];
  const elementField = `${field}[*]`;
  const out = [
    replace("non-finite element", element, elementField, nonFinite),
    replace("wrong type", path, field, notAnArray(rules.optional !== true)),
  ];
  if (rules.elementTypes !== false) {
    // A typed array would coerce the value: write into a plain copy.
    out.push({
      name: `${elementField}: wrong-type element`,
      codes: INVALID,
      make(args, g) {
        const values = getAt(args, path) as ArrayLike<number>;
        if (values.length === 0) return undefined;
        const i = g(fc.nat, { max: values.length - 1 });
        const bad = g(() => fc.constantFrom("1", null, undefined, {}, true, Symbol("e"), 1n));
        const plain: unknown[] = Array.from(values);
        plain[i] = bad;
        const broken = deepClone(args) as unknown[];
        setAt(broken, path, plain);
        return { args: broken, field: `${field}[${i}]`, label: `${field}[${i}] = ${show(bad)}` };
      },
    });
  }
  if (rules.elementOutOfRange !== undefined)
    out.push(replace("out-of-range element", element, elementField, rules.elementOutOfRange));
  if (rules.minLength >= 1) {
    out.push({
      name: `${field}: too short`,
      codes: INVALID,
      make(args, g) {
        const values = getAt(args, path) as ArrayLike<number>;
        const length = g(fc.nat, { max: rules.minLength - 1 });
        const short = Array.isArray(values) ? values.slice(0, length) : (values as Float64Array).slice(0, length);
        const broken = deepClone(args) as unknown[];
        setAt(broken, path, short);
        return { args: broken, field, label: `${field} of length ${length}` };
      },
    });
  }
  return out;
}
