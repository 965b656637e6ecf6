import type { StateOp } from "../StateOp.ts";
import type { StrategyRecord } from "../StoreState.ts";

/**
 * When the first of `strategies` falls due for permanent deletion (`archivedAt + retentionMs`),
 * Infinity when none is archived. One scan: at start, after a reset, after a purge.
 *
 * @example
 * firstPurgeAt([{ archivedAt: 10 }, { archivedAt: null }], 5) // => 15
 */
export function firstPurgeAt(
  strategies: ReadonlyArray<Pick<StrategyRecord, "archivedAt">>,
  retentionMs: number,
): number {
  let first = Infinity;
  for (const s of strategies)
    if (s.archivedAt !== null && s.archivedAt + retentionMs < first) first = s.archivedAt + retentionMs;
  return first;
}

/**
 * `due` lowered by the archivals a write recorded in `ops` (a lower bound: a revival does not
 * raise it, the purge then finds nothing and recomputes). Looks only at the ops, so a write
 * costs nothing more for a larger state.
 *
 * @example
 * purgeDueAfter([{ op: "set", path: ["strategies", 4, "archivedAt"], value: 100 }], Infinity, 5) // => 105
 */
export function purgeDueAfter(ops: readonly StateOp[], due: number, retentionMs: number): number {
  let next = due;
  const consider = (records: readonly unknown[]) => {
    for (const r of records) {
      const at = typeof r === "object" && r !== null ? (r as { archivedAt?: unknown }).archivedAt : undefined;
      if (typeof at === "number" && at + retentionMs < next) next = at + retentionMs;
    }
  };
  for (const op of ops) {
    if (op.path[0] !== "strategies") continue;
    if (op.op === "splice" && op.path.length === 1) consider(op.insert);
    else if (op.op === "set" && op.path.length === 1 && Array.isArray(op.value)) consider(op.value);
    else if (op.op === "set" && op.path.length === 2) consider([op.value]);
    else if (op.op === "set" && op.path.length === 3 && op.path[2] === "archivedAt")
      consider([{ archivedAt: op.value }]);
  }
  return next;
}
