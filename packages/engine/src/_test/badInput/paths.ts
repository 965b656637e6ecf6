/**
 * Test helpers (not exported): addressing one value inside an argument list, cloning, freezing and
 * scanning arguments and results.
 *
 * A path starts with the argument index, then property names, array indices, Map keys, or the
 * placeholders `"*"` (a random index of the array at that point) and `"$"` (its last index).
 */

export type Segment = string | number;
export type Path = readonly Segment[];

/** Deep copy of plain arrays, typed arrays, Maps and plain objects; functions and primitives are shared. */
export function deepClone<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (ArrayBuffer.isView(value)) return (value as unknown as Float64Array).slice() as T;
  if (Array.isArray(value)) return value.map((v) => deepClone(v)) as T;
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, deepClone(v)])) as T;
  // Same prototype (fast-check records may have a null prototype), so toStrictEqual compares like with like.
  const out = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  // defineProperty, not assignment: an own "__proto__" key must stay a key, not become the prototype.
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, k, { value: deepClone(v), enumerable: true, writable: true, configurable: true });
  return out as T;
}

/**
 * Freezes plain arrays and objects (and the values of Maps) all the way down, so that a write by
 * the code under test throws. Typed arrays cannot be frozen: compare them with a copy instead.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return value;
  if (value instanceof Map) {
    for (const v of value.values()) deepFreeze(v);
    return Object.freeze(value);
  }
  for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}

function child(container: unknown, key: Segment): unknown {
  if (container instanceof Map) return container.get(key);
  if (container === null || typeof container !== "object")
    throw new Error(`test path: cannot read ${String(key)} of ${String(container)}`);
  return (container as Record<string, unknown>)[key];
}

/** The value at `path` (placeholders must already be resolved). */
export function getAt(root: unknown, path: Path): unknown {
  let v = root;
  for (const key of path) v = child(v, key);
  return v;
}

/** Writes `value` at `path` of `root` in place (root must be a fresh clone). */
export function setAt(root: unknown, path: Path, value: unknown): void {
  if (path.length === 0) throw new Error("test path: empty");
  const parent = getAt(root, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (parent instanceof Map) parent.set(key, value);
  else (parent as Record<string, unknown>)[key] = value;
}

/** Length of the array-like at `path`. */
export function lengthAt(root: unknown, path: Path): number {
  return (getAt(root, path) as ArrayLike<unknown>).length;
}

/**
 * Replaces each `"*"` (with `pick(length)`) and `"$"` (with length - 1) by an index of the array it
 * addresses, and the same placeholders, in order, in `field`. Returns undefined when a placeholder
 * addresses an empty array.
 */
export function resolvePath(
  root: unknown,
  path: Path,
  field: string,
  pick: (length: number) => number,
): { path: Segment[]; field: string } | undefined {
  const out: Segment[] = [];
  let name = field;
  for (const key of path) {
    if (key === "*" || key === "$") {
      const length = lengthAt(root, out);
      if (length === 0) return undefined;
      const index = key === "*" ? pick(length) : length - 1;
      out.push(index);
      name = name.replace(key, String(index));
    } else out.push(key);
  }
  return { path: out, field: name };
}

/** Every number reachable in `value` that is not finite, as `path = value` strings. */
export function nonFiniteNumbers(value: unknown, at = "result", out: string[] = []): string[] {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) out.push(`${at} = ${value}`);
  } else if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const a = value as unknown as ArrayLike<number>;
    for (let i = 0; i < a.length; i++) nonFiniteNumbers(a[i], `${at}[${i}]`, out);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nonFiniteNumbers(v, `${at}[${i}]`, out));
  } else if (value instanceof Map) {
    for (const [k, v] of value) nonFiniteNumbers(v, `${at}.get(${String(k)})`, out);
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) nonFiniteNumbers(v, `${at}.${k}`, out);
  }
  return out;
}

/** Short text of a value for test labels. */
export function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined)
    return String(value);
  if (Array.isArray(value)) return `[${value.length} items]`;
  if (ArrayBuffer.isView(value)) return `${value.constructor.name}(${(value as unknown as ArrayLike<number>).length})`;
  if (typeof value === "function") return "function";
  if (typeof value === "symbol" || typeof value === "bigint")
    return typeof value === "bigint" ? `${value}n` : value.toString();
  return value instanceof Map ? `Map(${value.size})` : "object";
}
