/** Above this many inserted items, `Array.prototype.splice(...insert)` would pass them as call arguments (V8 overflows its stack near 125,000). */
const SPREAD_LIMIT = 8192;

/**
 * `target.splice(index, remove, ...insert)`, IN PLACE, for an `insert` of any length: the spread
 * form passes every item as an argument and throws "Maximum call stack size exceeded" above
 * about 125,000 items; this moves the tail once and copies the items in a loop. The caller
 * checks that `index` and `remove` fit.
 *
 * @example
 * const xs = [1, 2, 3]; spliceArray(xs, 1, 1, [7, 8]); xs // => [1, 7, 8, 3]
 */
export function spliceArray(target: unknown[], index: number, remove: number, insert: readonly unknown[]): void {
  if (insert.length <= SPREAD_LIMIT) {
    target.splice(index, remove, ...insert);
    return;
  }
  const tail = target.slice(Math.min(index + remove, target.length));
  target.length = index;
  for (let i = 0; i < insert.length; i++) target.push(insert[i]);
  for (let i = 0; i < tail.length; i++) target.push(tail[i]);
}
