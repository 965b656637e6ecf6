import { z } from "zod";
import { type RateLimitSetting, RateLimitSettingSchema } from "../schemas/rateLimitSetting.ts";
import { LIMITS } from "../schemas/limits.ts";

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
  /**
   * Whether an unknown request-body field is refused (400 naming it and the closest known name)
   * rather than ignored with a `Warning` header (`--strict`). Default false.
   */
  strictBodies: boolean;
  /**
   * Optional rate limit of the API (`/v1/*`, `/v2/*` but health and the presigned factsheet
   * PDFs), per API key: at most `limit` requests per fixed window of `windowSeconds`; more get 429
   * with `Retry-After`. Every limited response carries the RateLimit headers. Null (default): off.
   */
  rateLimit: RateLimitSetting | null;
  /**
   * Historical-run credits of each user (v2 submit with a past `as_of_date`, MCP `submit_strategy`
   * with `asOfDate`): at most `weekly` runs per ISO week and `monthly` per calendar month (UTC);
   * more get 429 with `Retry-After` until the window turns. Default 25 a week, 100 a month.
   */
  historicalCredits: { weekly: number; monthly: number };
  /** Maximum number of companies a user-strategy build selects. Default 40. */
  maxStrategyCompanies: number;
  /**
   * Milliseconds the mean-CVaR optimizer may spend on one solve (engine `timeLimitSeconds`);
   * 0 = no limit. Beyond it the answer is the best feasible portfolio found, with
   * `solver.status` "time-limit" and a warning. Default 5000: the fixtures' worst case measured
   * 1.8 s, so only pathological requests reach it.
   */
  optimizerTimeLimitMs: number;
  /**
   * Origins whose browser pages may call the API and the control surface (CORS allow-list, and
   * the `Origin` check of `/__mock/*`): an exact origin (`https://app.example.com`), an origin
   * with any port (`http://localhost:*`), or `*` (every origin; CORS answers `*`). Default
   * `DEFAULT_CORS_ORIGINS`: local frontends on loopback, any port (`http://localhost:*`,
   * `http://127.0.0.1:*`, `http://[::1]:*` and their `https` twins).
   */
  corsOrigins: string[];
  /**
   * Host names the `Host` header may carry besides loopback names (`localhost`, `*.localhost`)
   * and IP literals, which are always accepted (DNS-rebinding guard, docs/decisions.md "Request
   * safety"). An entry starting with `.` also accepts its subdomains. `true`: any host, no
   * check. Default `true` in the Fetch app (msw and in-process requests never cross a network);
   * the Node server (`startServer`) defaults to `[]` plus the name it binds.
   */
  allowedHosts: string[] | true;
}

/**
 * Default {@link MockOptions.corsOrigins}: pages served from the loopback interface on any port
 * (`http` and `https`): the usual local frontend dev servers (Vite, webpack, Next.js…).
 */
export const DEFAULT_CORS_ORIGINS: readonly string[] = Object.freeze([
  "http://localhost:*",
  "https://localhost:*",
  "http://127.0.0.1:*",
  "https://127.0.0.1:*",
  "http://[::1]:*",
  "https://[::1]:*",
]);

/** An allow-list entry of {@link MockOptions.corsOrigins}: `*`, or `scheme://host` with an optional `:port` or `:*`. */
export const CORS_ORIGIN_PATTERN = /^(\*|https?:\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:(\d{1,5}|\*))?)$/;

/** An entry of {@link MockOptions.allowedHosts}: a host name or IP literal, optionally with a leading `.` (subdomains too). */
export const ALLOWED_HOST_PATTERN = /^\.?([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9a-fA-F:.]+\])$/;

const optionsSchema = z.object({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  latencyMs: z.number().int().min(0).max(60_000),
  buildDurationMs: z.number().int().min(0).max(3_600_000),
  extraKeys: z.array(
    z.object({ key: z.string().min(8).regex(/^\S+$/, "no whitespace"), userId: z.string().min(1).nullable() }),
  ),
  controlEnabled: z.boolean(),
  strictBodies: z.boolean(),
  rateLimit: RateLimitSettingSchema.nullable(),
  historicalCredits: z.object({
    weekly: z.number().int().min(0).max(1_000_000),
    monthly: z.number().int().min(0).max(1_000_000),
  }),
  maxStrategyCompanies: z.number().int().min(1).max(1000),
  optimizerTimeLimitMs: z.number().int().min(0).max(3_600_000),
  corsOrigins: z.array(
    z
      .string()
      .max(LIMITS.NAME_MAX)
      .regex(
        CORS_ORIGIN_PATTERN,
        "must be *, an origin such as https://app.example.com, or one with any port such as http://localhost:*",
      ),
  ),
  allowedHosts: z.union([
    z.literal(true),
    z.array(
      z
        .string()
        .max(LIMITS.NAME_MAX)
        .regex(
          ALLOWED_HOST_PATTERN,
          "must be a host name such as app.example.com, or .example.com for its subdomains too",
        ),
    ),
  ]),
});

/** The defaults of {@link MockOptions}. */
export const defaultOptions: Readonly<MockOptions> = Object.freeze({
  seed: 1,
  latencyMs: 0,
  buildDurationMs: 4000,
  extraKeys: [],
  controlEnabled: true,
  strictBodies: false,
  rateLimit: null,
  historicalCredits: { weekly: 25, monthly: 100 },
  maxStrategyCompanies: 40,
  optimizerTimeLimitMs: 5000,
  corsOrigins: [...DEFAULT_CORS_ORIGINS],
  allowedHosts: true,
});

/**
 * Fills defaults and validates: each bad field is named with its rule.
 *
 * @throws RangeError `options.<field>: <rule>` for an invalid option
 * @example
 * resolveOptions({ latencyMs: 100 }).buildDurationMs // => 4000
 */
export function resolveOptions(partial: Partial<MockOptions> = {}): MockOptions {
  const merged = {
    ...defaultOptions,
    ...Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)),
  };
  const result = optionsSchema.safeParse(merged);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new RangeError(`options.${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "invalid"}`);
  }
  return result.data;
}
