/**
 * A least-recently-used cache holding at most `capacity` entries (Map insertion order is the
 * recency order). For derived data keyed by request parameters, so memory stays bounded whatever
 * the requests. get and set are O(1).
 *
 * @example
 * const cache = new BoundedCache<number>(2);
 * cache.getOrCompute("a", () => 1); cache.getOrCompute("b", () => 2); cache.getOrCompute("c", () => 3);
 * cache.size // => 2 ("a", the least recently used, was evicted)
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = Math.max(1, Math.floor(capacity));
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached value of `key`, computed by `compute` (and cached) when absent. */
  getOrCompute(key: string, compute: () => V): V {
    const hit = this.#entries.get(key);
    if (hit !== undefined || this.#entries.has(key)) {
      this.#entries.delete(key);
      this.#entries.set(key, hit as V);
      return hit as V;
    }
    const value = compute();
    this.#entries.set(key, value);
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    return value;
  }
}
