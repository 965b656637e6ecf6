/** What went wrong, one of five kinds (see {@link EngineError}). */
export type EngineErrorCode =
  | "INVALID_INPUT"
  | "INSUFFICIENT_DATA"
  | "NO_RESOLVABLE_HOLDINGS"
  | "INFEASIBLE"
  | "SOLVER_FAILURE";

/**
 * Every failure the engine reports. One type for the whole package, told apart by `code`, so a
 * caller (the mock server, a notebook) maps failures to its own world in one place: the server
 * turns every `EngineError` into HTTP 400 `{error: message}`.
 *
 * - `INVALID_INPUT`: a value breaks a documented rule (non-finite, empty, out of range,
 *   mismatched lengths, malformed identifier). `field` names the offending input.
 * - `INSUFFICIENT_DATA`: the input is well-formed but there is too little of it for the
 *   computation (for example fewer than two weekly points in a backtest window).
 * - `NO_RESOLVABLE_HOLDINGS`: none of the holdings of a backtest or optimisation can be priced.
 * - `INFEASIBLE`: constraints that cannot all hold (for example K·w_min > 1); `field` names
 *   the constraint.
 * - `SOLVER_FAILURE`: the numerical solver did not certify a solution.
 *
 * @example
 * const error = (() => { try { maxDrawdown([]); } catch (e) { return e; } })();
 * error instanceof EngineError && error.code // => "INVALID_INPUT"
 * error instanceof EngineError && error.field // => "values"
 */
export class EngineError extends Error {
  override readonly name = "EngineError";
  readonly code: EngineErrorCode;
  /** The input (or constraint) at fault, as a path such as `returns[3]` or `weights`. */
  readonly field: string | undefined;
  /**
   * The exact values behind the message, which prints numbers rounded for people
   * (docs/maths.md#strict-inputs): e.g. `{ eligible: 3, maxWeight: 0.2, product: 0.6000000000000001, defaults: ["maxWeight"] }`.
   */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: EngineErrorCode,
    message: string,
    options: { field?: string; cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.details = options.details;
  }
}

/** True when `value` is an {@link EngineError}, optionally of the given code. */
export function isEngineError(value: unknown, code?: EngineErrorCode): value is EngineError {
  return value instanceof EngineError && (code === undefined || value.code === code);
}
