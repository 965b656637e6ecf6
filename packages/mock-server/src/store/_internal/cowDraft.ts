import type { StateOp, StatePathKey } from "../StateOp.ts";

// Copy-on-write drafts of a deeply frozen JSON tree (the store's state), written for the store:
// a write changes a draft; finishing it gives the next state, sharing every untouched object
// with the previous one, and the list of ops that turn the previous state into the next one.
// Cost is proportional to what the write touches, not to the state's size. Why not immer: see
// docs/decisions.md ("Mock persistence").
//
// A draft is a Proxy over a node. Reading a key gives the value, or, for an object or array of
// the base state, a child draft (created once per base object); objects written during the write
// are handed back as they are (they are the writer's).
//
// The states are immutable by contract. Under vitest they are also deeply frozen, so a write
// outside `mutate` throws in tests; in production they are not, because V8 reads and copies
// frozen objects and arrays several times slower (measured: slicing a frozen 10,000-element
// array 1 ms against 0.012 ms, a find over it 1.1 ms against 0.2 ms). Writing copies the node once
// (shallow). Array scans (find, filter, some, every, indexOf…) run over the elements WITHOUT
// drafting them (the predicate sees the frozen element, or its draft when it already has one),
// and only what they return is drafted: so `draft.items.find((x) => x.id === id)` over 10,000
// items creates one draft, not 10,000. push, pop, shift, unshift and splice work on the copy
// directly for the same reason.

interface Node {
  base: Record<StatePathKey, unknown>; // frozen object or array
  copy: Record<StatePathKey, unknown> | null; // shallow copy, once written
  isArray: boolean;
  children: Map<object, Node>; // drafts of frozen values read through this node, by base value
  foreign: Map<unknown, Set<StatePathKey>>; // drafts or unfrozen values written into the copy, with the keys written
  shifted: boolean; // an array whose elements moved (shift, unshift, splice): keys written are stale
  changed: boolean; // this node or a descendant was written
  keyHint: StatePathKey; // where the base value was in the parent
  parent: Node | null;
  proxy: Record<StatePathKey, unknown>;
  final: Record<StatePathKey, unknown> | undefined;
  scope: Scope;
}

interface Scope {
  open: boolean;
  freeze: boolean;
}

/** Whether states are deeply frozen: under vitest (catches writes outside `mutate`), not in production (speed). */
export const FREEZE_STATES = typeof process !== "undefined" && process.env?.VITEST !== undefined;

const nodes = new WeakMap<object, Node>();

/** A draft in progress: `root` is what the write changes; `finish` ends it. */
export interface CowDraft<T> {
  root: T;
  /** Ends the write: the next state (deeply frozen, sharing untouched objects with the base) and the ops. */
  finish(): { next: T; ops: StateOp[] };
  /** Replaces every draft inside `value` (a write's result) by its final, frozen value. */
  settle<R>(value: R): R;
  /** Abandons the write (its callback threw): the drafts become read-only, nothing is produced. */
  discard(): void;
}

/**
 * Starts a write on `base` (an immutable JSON tree; `freeze`: the next state is deeply frozen, as `base` must then be).
 *
 * @example
 * const d = createCowDraft(deepFreeze({ a: { n: 1 }, b: { n: 2 } }));
 * d.root.a.n = 5;
 * const { next, ops } = d.finish(); // next.b === base.b; ops: [{ op: "set", path: ["a", "n"], value: 5 }]
 */
export function createCowDraft<T extends object>(base: T, freeze = FREEZE_STATES): CowDraft<T> {
  const scope: Scope = { open: true, freeze };
  const root = createNode(base as Record<StatePathKey, unknown>, null, "", scope);
  let finished: { next: T; ops: StateOp[] } | undefined;
  return {
    root: root.proxy as T,
    finish() {
      if (finished !== undefined) return finished;
      scope.open = false;
      const next = finalize(root) as T;
      const ops: StateOp[] = [];
      diff(root, [], ops);
      finished = { next, ops };
      return finished;
    },
    settle(value) {
      return resolveDrafts(value, new Set()) as typeof value;
    },
    discard() {
      scope.open = false;
    },
  };
}

/** True for a draft made by {@link createCowDraft}. */
export function isDraft(value: unknown): boolean {
  return typeof value === "object" && value !== null && nodes.has(value);
}

/**
 * Freezes `value` and everything under it (objects and arrays); stops at what is already frozen.
 *
 * @example
 * Object.isFrozen(deepFreeze({ a: [1] }).a) // => true
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

function createNode(
  base: Record<StatePathKey, unknown>,
  parent: Node | null,
  keyHint: StatePathKey,
  scope: Scope,
): Node {
  const isArray = Array.isArray(base);
  const node: Node = {
    base,
    copy: null,
    isArray,
    children: new Map(),
    foreign: new Map(),
    shifted: false,
    changed: false,
    keyHint,
    parent,
    proxy: undefined as never,
    final: undefined,
    scope,
  };
  node.proxy = new Proxy((isArray ? [] : {}) as Record<StatePathKey, unknown>, handler(node));
  nodes.set(node.proxy, node);
  return node;
}

const latest = (n: Node) => n.copy ?? n.base;

function ensureCopy(n: Node): Record<StatePathKey, unknown> {
  if (!n.scope.open) throw new TypeError("a store draft is read-only once its write has ended");
  if (n.copy === null)
    n.copy = (n.isArray ? (n.base as unknown as unknown[]).slice() : { ...n.base }) as Record<StatePathKey, unknown>;
  return n.copy;
}

function markChanged(n: Node | null): void {
  for (let at = n; at !== null && !at.changed; at = at.parent) at.changed = true;
}

function isDraftable(value: unknown): value is Record<StatePathKey, unknown> {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The value to hand out for `value` read at `key` of `n`: a child draft for a frozen object or array. */
function wrap(n: Node, value: unknown, key: StatePathKey): unknown {
  if (typeof value !== "object" || value === null || nodes.has(value) || n.foreign.has(value) || !isDraftable(value))
    return value;
  let child = n.children.get(value);
  if (child === undefined) {
    child = createNode(value, n, key, n.scope);
    n.children.set(value, child);
  }
  return child.proxy;
}

/** What a predicate sees for an element: its draft when it has one, else the (frozen) element. */
function peek(n: Node, value: unknown): unknown {
  if (n.children.size === 0 || typeof value !== "object" || value === null) return value;
  return n.children.get(value)?.proxy ?? value;
}

function noteForeign(n: Node, value: unknown, key: StatePathKey): void {
  if (typeof value !== "object" || value === null) return;
  const keys = n.foreign.get(value);
  if (keys === undefined) n.foreign.set(value, new Set([key]));
  else keys.add(key);
}

/** The identity of an element for indexOf/includes: a draft stands for its base value. */
function sameElement(n: Node, element: unknown, wanted: unknown): boolean {
  if (element === wanted) return true;
  const w = typeof wanted === "object" && wanted !== null ? nodes.get(wanted) : undefined;
  return w !== undefined && element === w.base && n.children.get(element) === w;
}

type Predicate = (value: unknown, index: number, array: unknown) => unknown;

function arrayMethods(n: Node): Record<string, (...args: never[]) => unknown> {
  const items = () => latest(n) as unknown as unknown[];
  const scan = (predicate: Predicate, thisArg: unknown, from: number, to: number, step: number): number => {
    const xs = items();
    for (let i = from; i !== to; i += step) if (predicate.call(thisArg, peek(n, xs[i]), i, n.proxy)) return i;
    return -1;
  };
  const forward = (p: Predicate, t: unknown) => scan(p, t, 0, items().length, 1);
  const backward = (p: Predicate, t: unknown) => scan(p, t, items().length - 1, -1, -1);
  const at = (i: number) => (i < 0 ? undefined : wrap(n, items()[i], i));
  const taken = (values: unknown[]) => values.map((v, i) => wrap(n, v, i));
  const mutating = <R>(change: (xs: unknown[]) => R, inserted: readonly unknown[], shifts: boolean): R => {
    const xs = ensureCopy(n) as unknown as unknown[];
    const length = xs.length;
    const result = change(xs);
    if (shifts) n.shifted = true;
    inserted.forEach((v, i) => noteForeign(n, v, length + i)); // exact for push; the others shift (full scan at the end)
    markChanged(n);
    return result;
  };
  const indexOf = (wanted: unknown, from: number, to: number, step: number) => {
    const xs = items();
    for (let i = from; i !== to; i += step) if (sameElement(n, xs[i], wanted)) return i;
    return -1;
  };
  const start = (fromIndex: number | undefined, length: number, fallback: number) => {
    if (fromIndex === undefined) return fallback;
    const f = Math.trunc(fromIndex) || 0;
    return f < 0 ? Math.max(length + f, -1) : Math.min(f, length - 1);
  };
  return {
    find: (p: Predicate, t?: unknown) => at(forward(p, t)),
    findIndex: (p: Predicate, t?: unknown) => forward(p, t),
    findLast: (p: Predicate, t?: unknown) => at(backward(p, t)),
    findLastIndex: (p: Predicate, t?: unknown) => backward(p, t),
    some: (p: Predicate, t?: unknown) => forward(p, t) >= 0,
    every: (p: Predicate, t?: unknown) => forward((v, i, a) => !p.call(t, v, i, a), undefined) < 0,
    filter: (p: Predicate, t?: unknown) => {
      const xs = items();
      const out: unknown[] = [];
      for (let i = 0; i < xs.length; i++) if (p.call(t, peek(n, xs[i]), i, n.proxy)) out.push(wrap(n, xs[i], i));
      return out;
    },
    indexOf: (wanted: unknown, fromIndex?: number) => {
      const length = items().length;
      let from = Math.trunc(fromIndex ?? 0) || 0;
      if (from < 0) from = Math.max(length + from, 0);
      return from >= length ? -1 : indexOf(wanted, from, length, 1);
    },
    lastIndexOf: (wanted: unknown, fromIndex?: number) => {
      const length = items().length;
      const from = start(fromIndex, length, length - 1);
      return from < 0 ? -1 : indexOf(wanted, from, -1, -1);
    },
    includes: (wanted: unknown, fromIndex?: number) => {
      const xs = items();
      const f = Math.trunc(fromIndex ?? 0) || 0;
      for (let i = f < 0 ? Math.max(xs.length + f, 0) : f; i < xs.length; i++) {
        if (sameElement(n, xs[i], wanted) || (Number.isNaN(wanted) && Number.isNaN(xs[i]))) return true;
      }
      return false;
    },
    push: (...values: unknown[]) => mutating((xs) => xs.push(...values), values, false),
    unshift: (...values: unknown[]) => mutating((xs) => xs.unshift(...values), values, true),
    pop: () => (items().length === 0 ? undefined : taken([mutating((xs) => xs.pop(), [], false)])[0]),
    shift: () => (items().length === 0 ? undefined : taken([mutating((xs) => xs.shift(), [], true)])[0]),
    splice: (...args: unknown[]) => {
      const inserted = args.slice(2);
      return taken(mutating((xs) => (xs.splice as (...a: unknown[]) => unknown[])(...args), inserted, true));
    },
  };
}

function handler(n: Node): ProxyHandler<Record<StatePathKey, unknown>> {
  let methods: Record<string, (...args: never[]) => unknown> | undefined;
  return {
    get(_target, prop) {
      const src = latest(n);
      if (n.isArray && typeof prop === "string" && Object.hasOwn(ARRAY_METHOD_NAMES, prop)) {
        methods ??= arrayMethods(n);
        return methods[prop];
      }
      const value = src[prop as StatePathKey];
      if (typeof prop === "symbol" || !Object.hasOwn(src, prop)) return value;
      return wrap(n, value, prop);
    },
    set(_target, prop, value) {
      if (typeof prop === "symbol") throw new TypeError("a store draft holds JSON only (no symbol keys)");
      const src = latest(n);
      if (Object.hasOwn(src, prop)) {
        const current = src[prop];
        if (current === value) return true;
        const node = typeof value === "object" && value !== null ? nodes.get(value) : undefined;
        if (node !== undefined && node.base === current && n.children.get(current as object) === node) return true; // x.a = x.a
      }
      const copy = ensureCopy(n);
      copy[prop] = value;
      noteForeign(n, value, prop);
      markChanged(n);
      return true;
    },
    deleteProperty(_target, prop) {
      if (typeof prop === "symbol" || !Object.hasOwn(latest(n), prop)) return true;
      delete ensureCopy(n)[prop];
      markChanged(n);
      return true;
    },
    defineProperty(_target, prop, descriptor) {
      if (!("value" in descriptor)) throw new TypeError("a store draft holds plain data properties only");
      return this.set!(_target, prop, descriptor.value, n.proxy);
    },
    has: (_target, prop) => prop in latest(n),
    ownKeys: () => Reflect.ownKeys(latest(n)),
    getOwnPropertyDescriptor(_target, prop) {
      const src = latest(n);
      const desc = Reflect.getOwnPropertyDescriptor(src, prop);
      if (desc === undefined) return undefined;
      const isLength = n.isArray && prop === "length";
      // The raw value: Object.keys and spreads ask for descriptors and must not draft every element.
      return { value: desc.value, writable: true, enumerable: desc.enumerable ?? true, configurable: !isLength };
    },
    getPrototypeOf: () => Object.getPrototypeOf(n.base),
    setPrototypeOf: () => {
      throw new TypeError("a store draft's prototype cannot change");
    },
    preventExtensions: () => {
      throw new TypeError("a store draft cannot be frozen or sealed");
    },
  };
}

const ARRAY_METHOD_NAMES = Object.freeze({
  find: 1,
  findIndex: 1,
  findLast: 1,
  findLastIndex: 1,
  some: 1,
  every: 1,
  filter: 1,
  indexOf: 1,
  lastIndexOf: 1,
  includes: 1,
  push: 1,
  pop: 1,
  shift: 1,
  unshift: 1,
  splice: 1,
});

/** Where `value` is in `out` now: at `hint` when still there, else searched; undefined when gone. */
function locate(
  out: Record<StatePathKey, unknown>,
  isArray: boolean,
  value: unknown,
  hint: StatePathKey,
): StatePathKey | undefined {
  if (out[hint] === value) return hint;
  if (isArray) {
    const i = (out as unknown as unknown[]).lastIndexOf(value);
    return i < 0 ? undefined : i;
  }
  for (const key of Object.keys(out)) if (out[key] === value) return key;
  return undefined;
}

function finalize(n: Node): Record<StatePathKey, unknown> {
  if (n.final !== undefined) return n.final;
  if (!n.changed) return (n.final = n.base);
  const src = latest(n);
  const out = (n.isArray ? (src as unknown as unknown[]).slice() : { ...src }) as Record<StatePathKey, unknown>;
  n.final = out; // before the children, so a cycle through a moved draft ends
  if (n.isArray && (n.shifted || (out as unknown as unknown[]).length <= 32)) {
    // Elements moved (or few): look at every one.
    const xs = out as unknown as unknown[];
    for (let i = 0; i < xs.length; i++) {
      const v = xs[i];
      if (typeof v !== "object" || v === null) continue;
      if (nodes.has(v) || n.foreign.has(v)) xs[i] = settleValue(v, n.scope.freeze, new Set());
      else if (n.children.size > 0) {
        const child = n.children.get(v);
        if (child?.changed) xs[i] = finalize(child);
      }
    }
    return n.scope.freeze ? Object.freeze(out) : out;
  }
  for (const child of n.children.values()) {
    if (!child.changed) continue;
    const key = locate(out, n.isArray, child.base, child.keyHint);
    if (key !== undefined) out[key] = finalize(child);
  }
  // Without moves, every place a foreign value was written to is among its keys.
  for (const [value, keys] of n.foreign)
    for (const key of keys) if (out[key] === value) out[key] = settleValue(value, n.scope.freeze, new Set());
  return n.scope.freeze ? Object.freeze(out) : out;
}

/** The final form of a value written into a draft: drafts finalised inside it, frozen when the states are. */
function settleValue(value: unknown, freeze: boolean, seen: Set<object>): unknown {
  if (typeof value !== "object" || value === null) return value;
  const node = nodes.get(value);
  if (node !== undefined) return finalize(node);
  if (seen.has(value) || (freeze && Object.isFrozen(value)) || !isDraftable(value)) return value;
  seen.add(value);
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    const settled = settleValue(v, freeze, seen);
    if (settled !== v) (value as Record<string, unknown>)[key] = settled;
  }
  return freeze ? Object.freeze(value) : value;
}

/** A write's result with every draft inside replaced by its final value (nothing frozen: a result may hold fixtures). */
function resolveDrafts(value: unknown, seen: Set<object>): unknown {
  if (typeof value !== "object" || value === null) return value;
  const node = nodes.get(value);
  if (node !== undefined) return finalize(node);
  if (seen.has(value) || Object.isFrozen(value) || !isDraftable(value)) return value;
  seen.add(value);
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    const resolved = resolveDrafts(v, seen);
    if (resolved !== v) (value as Record<string, unknown>)[key] = resolved;
  }
  return value;
}

/** The child of `n` finalised from base value `b` into `f`, if any. */
function childFrom(n: Node, b: unknown, f: unknown): Node | undefined {
  if (typeof b !== "object" || b === null) return undefined;
  const child = n.children.get(b);
  return child?.changed && child.final === f ? child : undefined;
}

/** Appends to `ops` what turns `n.base` into `n.final`, at `path`. */
function diff(n: Node, path: StatePathKey[], ops: StateOp[]): void {
  if (!n.changed || n.final === n.base) return;
  const base = n.base;
  const out = n.final!;
  if (n.copy === null) {
    // Only descendants changed: same keys, same places.
    for (const child of n.children.values()) {
      if (!child.changed || child.final === undefined) continue;
      const key = locate(out, n.isArray, child.final, child.keyHint);
      if (key !== undefined) diff(child, [...path, n.isArray ? Number(key) : key], ops);
    }
    return;
  }
  if (!n.isArray) {
    for (const key of Object.keys(out)) {
      const b = base[key];
      const f = out[key];
      if (f === b && Object.hasOwn(base, key)) continue;
      const child = childFrom(n, b, f);
      if (child !== undefined) diff(child, [...path, key], ops);
      else ops.push({ op: "set", path: [...path, key], value: f });
    }
    for (const key of Object.keys(base)) if (!Object.hasOwn(out, key)) ops.push({ op: "delete", path: [...path, key] });
    return;
  }
  const B = base as unknown as unknown[];
  const F = out as unknown as unknown[];
  const same = (b: unknown, f: unknown) => f === b || childFrom(n, b, f) !== undefined;
  const shortest = Math.min(B.length, F.length);
  let prefix = 0;
  while (prefix < shortest && same(B[prefix], F[prefix])) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && same(B[B.length - 1 - suffix], F[F.length - 1 - suffix])) suffix++;
  for (let i = 0; i < prefix; i++) if (F[i] !== B[i]) diff(childFrom(n, B[i], F[i])!, [...path, i], ops);
  diffMiddle(n, B, F, prefix, B.length - suffix, F.length - suffix, path, ops);
  for (let j = 0; j < suffix; j++) {
    const b = B[B.length - 1 - j];
    const f = F[F.length - 1 - j];
    if (f !== b) diff(childFrom(n, b, f)!, [...path, F.length - 1 - j], ops);
  }
}

/**
 * The ops turning `B[from, bEnd)` into `F[from, fEnd)` (the part of an array between its common
 * prefix and suffix): a splice per run of removed or inserted elements, so removing two elements
 * far apart writes two small splices, not one that re-inserts everything between them.
 * Greedy, in one pass: each final element that comes from the base (itself, or a changed draft of
 * it) is matched to its next occurrence in the base; the base elements skipped are removed, the
 * final elements without a match inserted. Exact for removals only and insertions only (purges,
 * pushes, splices); a reordering still gives correct, if larger, ops.
 */
function diffMiddle(
  n: Node,
  B: readonly unknown[],
  F: readonly unknown[],
  from: number,
  bEnd: number,
  fEnd: number,
  path: StatePathKey[],
  ops: StateOp[],
): void {
  if (from === bEnd && from === fEnd) return;
  const baseOf = new Map<unknown, unknown>(); // final value of a changed draft -> its base value
  for (const child of n.children.values())
    if (child.changed && child.final !== undefined) baseOf.set(child.final, child.base);
  const positions = new Map<unknown, number[]>(); // base value -> its indices in B[from, bEnd), ascending
  for (let i = from; i < bEnd; i++) {
    const list = positions.get(B[i]);
    if (list === undefined) positions.set(B[i], [i]);
    else list.push(i);
  }
  const cursor = new Map<unknown, number>(); // base value -> first entry of its list not yet passed
  let bi = from; // next base element not matched nor removed
  let at = from; // where the next final element goes in the array being rebuilt
  let removed = 0;
  let inserted: unknown[] = [];
  const flush = () => {
    if (removed > 0 || inserted.length > 0)
      ops.push({ op: "splice", path: [...path], index: at, remove: removed, insert: inserted });
    at += inserted.length;
    removed = 0;
    inserted = [];
  };
  for (let fi = from; fi < fEnd; fi++) {
    const f = F[fi];
    const b = positions.has(f) ? f : baseOf.get(f);
    const list = positions.get(b);
    let j = -1;
    if (list !== undefined) {
      let c = cursor.get(b) ?? 0;
      while (c < list.length && list[c]! < bi) c++;
      cursor.set(b, c);
      if (c < list.length) j = list[c]!;
    }
    if (j < 0) {
      inserted.push(f);
      continue;
    }
    removed += j - bi;
    flush();
    if (f !== B[j]) diff(childFrom(n, B[j], f)!, [...path, at], ops);
    at += 1;
    bi = j + 1;
  }
  removed += bEnd - bi;
  flush();
}
