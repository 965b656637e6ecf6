import { z } from "zod";

/** An extra API key: `userId` null creates a fresh active user for it; otherwise it aliases that user. */
export interface ExtraKey {
  key: string;
  userId: string | null;
}

/**
 * Runtime options of the mock (CLI flags map 1:1). Every field has a default, see
 * {@link resolveOptions}.
 */
export interface MockOptions {
  /** Seed for generated ids (new strategies, versions): same seed, same ids. Default 1. */
  seed: number;
  /** Latency added to every request, ms (0..60000). Default 0. */
  latencyMs: number;
  /** How long a strategy build takes, ms (0..3600000). Default 4000. */
  buildDurationMs: number;
  /** Extra API keys besides the fixture users'. Default none. */
  extraKeys: ExtraKey[];
  /** Whether the `/__mock/*` control surface is mounted. Default true. */
  controlEnabled: boolean;
  /** Maximum number of companies a user-strategy build selects. Default 40. */
  maxStrategyCompanies: number;
  /**
   * Milliseconds the mean-CVaR optimizer may spend on one solve (engine `timeLimitSeconds`);
   * 0 = no limit. Beyond it the answer is the best feasible portfolio found, with
   * `solver.status` "time-limit" and a warning. Default 5000: the fixtures' worst case measured
   * 1.8 s, so only pathological requests reach it.
   */
  optimizerTimeLimitMs: number;
}

const optionsSchema = z.object({
  seed: z.number().int().min(0).max(2 ** 32 - 1),
  latencyMs: z.number().int().min(0).max(60_000),
  buildDurationMs: z.number().int().min(0).max(3_600_000),
  extraKeys: z.array(z.object({ key: z.string().min(8).regex(/^\S+$/, "no whitespace"), userId: z.string().min(1).nullable() })),
  controlEnabled: z.boolean(),
  maxStrategyCompanies: z.number().int().min(1).max(1000),
  optimizerTimeLimitMs: z.number().int().min(0).max(3_600_000),
});

/** The defaults of {@link MockOptions}. */
export const defaultOptions: Readonly<MockOptions> = Object.freeze({
  seed: 1,
  latencyMs: 0,
  buildDurationMs: 4000,
  extraKeys: [],
  controlEnabled: true,
  maxStrategyCompanies: 40,
  optimizerTimeLimitMs: 5000,
});

/**
 * Fills defaults and validates: each bad field is named with its rule.
 *
 * @throws RangeError `options.<field>: <rule>` for an invalid option
 * @example
 * resolveOptions({ latencyMs: 100 }).buildDurationMs // => 4000
 */
export function resolveOptions(partial: Partial<MockOptions> = {}): MockOptions {
  const merged = { ...defaultOptions, ...Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)) };
  const result = optionsSchema.safeParse(merged);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new RangeError(`options.${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "invalid"}`);
  }
  return result.data;
}
