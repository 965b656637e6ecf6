import { uuidFrom } from "../../_internal/hash.ts";
import type { PremadeStrategy } from "../../_internal/fixtures.ts";

/**
 * The id of the one version of a premade strategy (its objective never changes): a stable uuid
 * derived from the strategy id, the `active_version_id` and `draft_version_id` of its v2 shape.
 *
 * @example
 * premadeVersionId(premade) === premadeVersionId(premade) // => true
 */
export function premadeVersionId(p: Pick<PremadeStrategy, "id">): string {
  return uuidFrom(`premade-version:${p.id}`);
}
