import type { StrategyRecord } from "./StoreState.ts";

/**
 * The id of the saved version whose content (objective and exclusions, compared exactly and in
 * order) matches the strategy's current draft: the active version first, then the newest match;
 * null when none matches (`draft_version_id` of docs/parity.md#strategy-v2).
 *
 * @example
 * matchingVersionId({ ...s, objective: "changed" }) // => null
 */
export function matchingVersionId(
  strategy: Pick<StrategyRecord, "objective" | "exclusions" | "versions" | "activeVersionId">,
): string | null {
  const matches = strategy.versions.filter(
    (v) =>
      v.objective === strategy.objective &&
      v.exclusions.length === strategy.exclusions.length &&
      v.exclusions.every((e, i) => e === strategy.exclusions[i]),
  );
  const active = matches.find((v) => v.id === strategy.activeVersionId);
  return (active ?? matches[matches.length - 1])?.id ?? null;
}
