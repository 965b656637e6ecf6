import { spliceArray } from "./_internal/spliceArray.ts";

/** A step into the state: an object key or an array index. */
export type StatePathKey = string | number;

/**
 * One change of a JSON state, as a store write records it (and the journal stores it):
 * `set` a key, `delete` a key, or `splice` an array (remove `remove` items at `index`, insert
 * `insert` there). Paths start at the state's root. A write is an ordered list of these.
 *
 * @example
 * { op: "splice", path: ["strategies"], index: 3, remove: 1, insert: [] } // removes strategies[3]
 */
export type StateOp =
  | { op: "set"; path: StatePathKey[]; value: unknown }
  | { op: "delete"; path: StatePathKey[] }
  | { op: "splice"; path: StatePathKey[]; index: number; remove: number; insert: unknown[] };

/**
 * Applies `ops` in order to `root`, IN PLACE (a mutable JSON tree: a freshly parsed file).
 * Replaying the ops of every write since a snapshot onto that snapshot gives the current state.
 *
 * @throws Error naming the op and the path when a path does not lead to an object or array
 * @example
 * applyStateOps({ a: [1, 2] }, [{ op: "splice", path: ["a"], index: 0, remove: 1, insert: [] }]) // => { a: [2] }
 */
export function applyStateOps<T extends object>(root: T, ops: readonly StateOp[]): T {
  ops.forEach((op, i) => {
    if (op.op === "splice") {
      const target = walk(root, op.path, op.path.length, i);
      if (!Array.isArray(target)) throw new Error(`op ${i} (splice ${op.path.join(".")}): not an array`);
      if (
        !Number.isInteger(op.index) ||
        op.index < 0 ||
        op.index > target.length ||
        !Number.isInteger(op.remove) ||
        op.remove < 0
      ) {
        throw new Error(
          `op ${i} (splice ${op.path.join(".")}): index ${op.index} / remove ${op.remove} out of range (length ${target.length})`,
        );
      }
      spliceArray(target, op.index, op.remove, op.insert);
      return;
    }
    if (op.path.length === 0) throw new Error(`op ${i} (${op.op}): empty path`);
    const parent = walk(root, op.path, op.path.length - 1, i) as Record<StatePathKey, unknown>;
    const key = op.path[op.path.length - 1]!;
    if (op.op === "set") parent[key] = op.value;
    else delete parent[key];
  });
  return root;
}

function walk(root: object, path: readonly StatePathKey[], depth: number, i: number): unknown {
  let at: unknown = root;
  for (let d = 0; d < depth; d++) {
    if (typeof at !== "object" || at === null)
      throw new Error(`op ${i}: path ${path.slice(0, d + 1).join(".")} does not exist`);
    at = (at as Record<StatePathKey, unknown>)[path[d]!];
  }
  if (typeof at !== "object" || at === null)
    throw new Error(`op ${i}: path ${path.slice(0, depth).join(".") || "(root)"} is not an object or array`);
  return at;
}
