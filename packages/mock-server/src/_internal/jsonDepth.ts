/**
 * Nesting depth of a JSON value: 0 for a scalar, 1 for `{}` or `[]`, 2 for `{"a":{}}`…, counted
 * with an explicit stack (no recursion, so any depth is measured safely) and stopping as soon as
 * it exceeds `limit` (the result is then `limit + 1`).
 *
 * Cost: O(nodes visited), at most the size of the value.
 * @param value a parsed JSON value
 * @param limit the depth of interest (>= 0)
 * @example
 * jsonDepth({ a: [1, { b: 2 }] }, 10) // => 3
 */
export function jsonDepth(value: unknown, limit: number): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth + 1 > max) {
      max = depth + 1;
      if (max > limit) return limit + 1;
    }
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return max;
}
