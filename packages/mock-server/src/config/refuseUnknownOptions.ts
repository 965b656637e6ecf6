import { closestNames } from "../_internal/closestNames.ts";

/**
 * Other names people give options (the CLI's flags, in camelCase, and a few natural guesses),
 * mapped to the option names they mean. Used only for "did you mean" suggestions, and only for
 * targets the function being called has.
 */
const OPTION_ALIASES: Readonly<Record<string, readonly string[]>> = {
  buildSeconds: ["buildDurationMs"],
  latency: ["latencyMs"],
  optimizerSeconds: ["optimizerTimeLimitMs"],
  addKey: ["extraKeys"],
  addKeys: ["extraKeys"],
  noControl: ["controlEnabled"],
  control: ["controlEnabled"],
  data: ["dataFile", "persistence"],
  host: ["hostname"],
  headersSeconds: ["headersTimeoutMs"],
  sessionIdleMinutes: ["sessionIdleMs"],
  record: ["recordDir"],
  silent: ["quiet"],
  verbose: ["quiet"],
};

/**
 * Refuses an options object with a key that is not one of `known`, so that a misspelled option
 * (`buildSecond`) is an error rather than silently ignored: the message names the key and the
 * closest known names (`closestNames`, and the options that the CLI flag or common name it looks
 * like stands for), or lists every option when none is close.
 *
 * Cost: O(keys · known · name length²).
 * @throws RangeError `options.<key>: not an option (did you mean …?)`
 * @example
 * refuseUnknownOptions({ buildSecond: 2 }, ["seed", "buildDurationMs"]) // throws "options.buildSecond: not an option (did you mean buildDurationMs?)"
 */
export function refuseUnknownOptions(options: object, known: readonly string[]): void {
  const names = new Set(known);
  for (const key of Object.keys(options)) {
    if (names.has(key)) continue;
    const aliases = Object.entries(OPTION_ALIASES).filter(([, targets]) => targets.some((t) => names.has(t)));
    const candidates = closestNames(key, [...names, ...aliases.map(([alias]) => alias)]);
    const near = candidates[0]?.toLowerCase() === key.toLowerCase() ? candidates.slice(0, 1) : candidates; // the same name in another case, or an alias spelt exactly
    const suggestions = [
      ...new Set(near.flatMap((n) => (names.has(n) ? [n] : (OPTION_ALIASES[n] ?? []).filter((t) => names.has(t))))),
    ];
    throw new RangeError(
      suggestions.length > 0
        ? `options.${key}: not an option (did you mean ${suggestions.join(" or ")}?)`
        : `options.${key}: not an option; the options are ${[...names].sort().join(", ")}`,
    );
  }
}
