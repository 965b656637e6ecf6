/**
 * Every failure of @thematic/charts: bad input, named by `field` (a path such as
 * `portfolio[3][1]`), with a message that states the rule. One type for the package: the
 * statistics the charts draw come from @thematic/engine, whose `EngineError` is wrapped here
 * (its `field` and `details` kept, the engine's error as `cause`), so a chart throws nothing else.
 *
 * @example
 * const error = await navChart({ portfolio: [] }).catch((e: unknown) => e);
 * error instanceof ChartError && error.field // => "portfolio"
 */
export class ChartError extends Error {
  override readonly name = "ChartError";
  /** The input at fault. */
  readonly field: string;
  /** Machine-readable facts about the failure (an unknown option's `{ key, closest, allowed }`…), when there are any. */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    field: string,
    message: string,
    options: { cause?: unknown; details?: Readonly<Record<string, unknown>> } = {},
  ) {
    super(`${field}: ${message}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.field = field;
    this.details = options.details;
  }
}
