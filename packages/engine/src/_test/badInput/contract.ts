/**
 * Test helpers (not exported): the bad-input contract every public engine function runs, and the
 * shape of its table entries.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { isEngineError } from "../../errors/EngineError.ts";
import type { Breakage, Breaker } from "./breakers.ts";
import { deepClone, deepFreeze, nonFiniteNumbers } from "./paths.ts";

/**
 * Fixed seed: every run replays the same cases (a failure prints its own seed and path too).
 * `BAD_INPUT_SEED` and `BAD_INPUT_RUNS` (a multiplier of every numRuns) explore further by hand.
 */
export const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261122);
export const RUNS_FACTOR = Number(process.env.BAD_INPUT_RUNS ?? 1);

export type AnyFunction = (...args: unknown[]) => unknown;

/** A function that validates its input: broken calls throw (or reject) an EngineError. */
export interface ThrowsEntry {
  kind: "throws";
  /** Returns a Promise: broken calls must reject, never throw synchronously. */
  async?: boolean;
  valid: fc.Arbitrary<unknown[]>;
  breakers: Breaker[];
  /** Runs of the valid-argument property (default 30). */
  validRuns?: number;
  /** Runs of each breaker's property (default 12). */
  brokenRuns?: number;
  /**
   * Valid but extreme arguments (subnormals, values near 1.8e308, far timestamps): each call returns
   * only finite numbers or throws an EngineError (e.g. the documented INVALID_INPUT on overflow).
   */
  extreme?: fc.Arbitrary<unknown[]>;
}

/** A predicate documented as throwing nothing: true for valid arguments, false for broken ones. */
export interface PredicateEntry {
  kind: "predicate";
  valid: fc.Arbitrary<unknown[]>;
  breakers: Breaker[];
}

/** A function defined for every input (a type guard): never throws, returns a boolean. */
export interface TotalEntry {
  kind: "total";
  any: fc.Arbitrary<unknown[]>;
}

/** Not a computation over caller data (the error class itself); the reason is stated. */
export interface ExemptEntry {
  kind: "exempt";
  reason: string;
}

export type ContractEntry = ThrowsEntry | PredicateEntry | TotalEntry | ExemptEntry;

type Outcome = { threw: false; value: unknown } | { threw: true; error: unknown; sync: boolean };

/** Calls `fn`, awaiting a Promise, and says how it ended. */
export async function callFunction(fn: AnyFunction, args: unknown[]): Promise<Outcome> {
  let returned: unknown;
  try {
    returned = fn(...args);
  } catch (error) {
    return { threw: true, error, sync: true };
  }
  if (!(returned instanceof Promise)) return { threw: false, value: returned };
  try {
    return { threw: false, value: await returned };
  } catch (error) {
    return { threw: true, error, sync: false };
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : `non-error ${String(error)}`;
}

/**
 * Calls `fn` with frozen `args` and checks that it neither mutates them nor (unless it throws)
 * returns a non-finite number anywhere. Returns the outcome.
 */
export async function callFrozen(fn: AnyFunction, args: unknown[]): Promise<Outcome> {
  const before = deepClone(args);
  deepFreeze(args);
  const outcome = await callFunction(fn, args);
  expect(args, "the input was mutated").toStrictEqual(before);
  if (!outcome.threw) expect(nonFiniteNumbers(outcome.value), "non-finite number in the result").toEqual([]);
  return outcome;
}

/** Asserts the outcome of a broken call: an EngineError of an accepted code naming the field. */
export function expectRejected(outcome: Outcome, broken: Breakage, breaker: Breaker, isAsync: boolean): void {
  const at = `${broken.label}`;
  if (!outcome.threw) expect.fail(`${at}: expected an EngineError, but the call returned`);
  const { error } = outcome;
  if (!isEngineError(error)) expect.fail(`${at}: expected an EngineError, got ${describeError(error)}`);
  if (isAsync && outcome.sync) expect.fail(`${at}: an async function must reject, not throw synchronously`);
  if (!breaker.codes.includes(error.code))
    expect.fail(`${at}: expected code ${breaker.codes.join(" or ")}, got ${error.code} (${error.message})`);
  const named =
    error.message.includes(broken.field) || (error.code !== "INVALID_INPUT" && error.field === broken.field);
  if (!named)
    expect.fail(`${at}: the error does not name ${broken.field}: ${error.message} (field ${String(error.field)})`);
}

/** The property of one breaker over valid arguments. */
export function brokenProperty(
  fn: AnyFunction,
  valid: fc.Arbitrary<unknown[]>,
  breaker: Breaker,
  isAsync: boolean,
  predicate: boolean,
) {
  return fc.asyncProperty(valid, fc.gen(), async (args, g) => {
    const broken = breaker.make(args, g);
    if (broken === undefined) return;
    const outcome = await callFrozen(fn, broken.args);
    if (predicate) {
      if (outcome.threw)
        expect.fail(`${broken.label}: documented as throwing nothing, threw ${describeError(outcome.error)}`);
      expect(outcome.value, broken.label).toBe(false);
    } else expectRejected(outcome, broken, breaker, isAsync);
  });
}

/** The property of valid arguments: no error, finite outputs, input untouched. */
export function validProperty(fn: AnyFunction, valid: fc.Arbitrary<unknown[]>, predicate: boolean) {
  return fc.asyncProperty(valid, async (args) => {
    const outcome = await callFrozen(fn, args);
    if (outcome.threw) expect.fail(`valid arguments were rejected: ${describeError(outcome.error)}`);
    if (predicate) expect(outcome.value).toBe(true);
  });
}

/** The property of valid but extreme arguments: finite outputs or an EngineError, inputs untouched. */
export function extremeProperty(fn: AnyFunction, extreme: fc.Arbitrary<unknown[]>) {
  return fc.asyncProperty(extreme, async (args) => {
    const outcome = await callFrozen(fn, args);
    if (outcome.threw && !isEngineError(outcome.error))
      expect.fail(`extreme arguments: expected finite outputs or an EngineError, got ${describeError(outcome.error)}`);
  });
}
