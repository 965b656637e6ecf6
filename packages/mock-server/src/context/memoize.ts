import type { Universe } from "../_internal/fixtures.ts";
import type { MemoAccess, UniverseAccess } from "./contextParts.ts";

/**
 * The memoised value of `key` in this mock's memo, computed by `compute` on first use (the memo
 * is cleared on reset). For values that are pure functions of the universe, the options and `key`.
 *
 * @example
 * memoize(ctx, "x", () => 1) // => 1
 */
export function memoize<T>(ctx: MemoAccess, key: string, compute: () => T): T {
  if (ctx.memo.has(key)) return ctx.memo.get(key) as T;
  const value = compute();
  ctx.memo.set(key, value);
  return value;
}

/** Values derived from a universe alone, by universe: shared by every mock serving it (the default state and each sandbox session). */
const sharedByUniverse = new WeakMap<Universe, Map<string, unknown>>();

/**
 * The value of `key` derived from `ctx.universe` alone, computed by `compute` on first use and
 * then shared by every mock of that universe: the default state, each sandbox session and any
 * other app built on it. Without this, each session would build its own search index, company
 * lists and presented premade strategies (its first search 40–160 ms instead of 5 ms; 64
 * sessions holding about 100 MB). Only for values that depend on nothing but the universe and
 * `key` (never the store, the clock or the options), that no caller mutates; a reset does not
 * clear them (they cannot change). Everything else goes in {@link memoize}.
 *
 * @example
 * memoizeShared(ctxA, "x", () => ({})) === memoizeShared(ctxB, "x", () => ({})) // => true when both serve one universe
 */
export function memoizeShared<T>(ctx: UniverseAccess, key: string, compute: () => T): T {
  let shared = sharedByUniverse.get(ctx.universe);
  if (shared === undefined) sharedByUniverse.set(ctx.universe, (shared = new Map()));
  if (shared.has(key)) return shared.get(key) as T;
  const value = compute();
  shared.set(key, value);
  return value;
}
