// Malformed inputs: fixed lists (each tried on every endpoint) and fast-check arbitraries (random
// combinations). Sizes follow the robustness brief: strings up to ~1 MB, nesting depth ~1000.
import fc from "fast-check";

/** A 1 MB string. */
export const HUGE_STRING = "x".repeat(1_000_000);

/** `[[[…]]]` nested `depth` deep. */
export function deepArray(depth: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** `{"a":{"a":…}}` nested `depth` deep. */
export function deepObject(depth: number): unknown {
  let v: unknown = {};
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** JSON values of the wrong type or shape for any field (each tried in place of every field). */
export const NASTY_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 53 + 2,
  1e21,
  "",
  " ",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e999",
  "0x10",
  " 5 ",
  "\u0000",
  "\ud800",
  "<script>alert(1)</script>",
  "a".repeat(1000),
  HUGE_STRING,
  [],
  [null],
  ["x"],
  {},
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  deepArray(1000),
  deepObject(1000),
  new Array(10_001).fill(0),
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
];

/** Bodies that are not (plain) JSON, or JSON the content type does not announce. */
export function rawBodies(validJson: string): string[] {
  return [
    "",
    " ",
    "{",
    "}",
    "{'a':1}",
    "undefined",
    "NaN",
    "Infinity",
    "[1,]",
    `${validJson}garbage`,
    `\ufeff${validJson}`,
    `${validJson}\n\n`,
    "null",
    '"text"',
    "123",
    "[]",
    '{"x": NaN}',
    '{"x": Infinity}',
    '{"x": 1e999}',
    '{"x": -1e999}',
    `"${HUGE_STRING}"`,
    `${"[".repeat(1000)}${"]".repeat(1000)}`,
    "[".repeat(100_000),
    `${'{"a":'.repeat(1000)}1${"}".repeat(1000)}`,
    "\u0000\u00ff\ufffd",
    "name=x&objective=y",
    "<xml/>",
  ];
}

/**
 * The JSON text `validJson` with one of its numbers at a time replaced by a token JSON.parse turns
 * into a non-finite or odd number, or that is not JSON at all (`1e999` → Infinity, `NaN`, `0x10`…).
 */
export function numericTokenBodies(validJson: string): string[] {
  const numbers = [...validJson.matchAll(/(?<=[:[,])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?=[,\]}])/g)];
  const tokens = [
    "1e999",
    "-1e999",
    "NaN",
    "Infinity",
    "-0",
    "1e-400",
    "0x10",
    "01",
    "1.",
    ".5",
    "+1",
    "9".repeat(400),
  ];
  return numbers.flatMap((m) =>
    tokens.map((t) => validJson.slice(0, m.index) + t + validJson.slice(m.index + m[0].length)),
  );
}

/** Content types to send bodies with (undefined: no Content-Type header). */
export const CONTENT_TYPES: ReadonlyArray<string | undefined> = [
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  "application/xml",
  "application/vnd.api+json",
  "",
  undefined,
];

/** Query values that are not what a number, a boolean, an enum or a date parameter takes. */
export const NASTY_QUERY_VALUES: readonly string[] = [
  "NaN",
  "Infinity",
  "-Infinity",
  "1e999",
  "-1e999",
  "-0",
  "0x10",
  " 5 ",
  "5 ",
  "",
  "1e-400",
  "0b1",
  "1_000",
  "+1",
  "--1",
  "true",
  "TRUE",
  "null",
  "[]",
  "{}",
  "\u0000",
  "9".repeat(400),
  "-1",
  "0",
  "1",
  "2",
  "0.5",
  "1e308",
  "abc",
  "%",
  "é",
  "2025-02-30",
  "2025-13-01",
  "1970-01-01",
  "9999-12-31",
  "0000-01-01",
  "2026-11-20",
  "user",
  "all",
  "only",
];

/** Path parameter values that are not ids the route knows (some sent raw, i.e. not URI-encoded). */
export function badIds(valid: string): Array<{ value: string; raw: boolean }> {
  const encoded = [
    "not-a-uuid",
    `${valid.slice(0, -1)}g`,
    `${valid}0`,
    valid.slice(1),
    valid.toUpperCase(),
    `{${valid}}`,
    `urn:uuid:${valid}`,
    ` ${valid}`,
    `${valid} `,
    "\u0000",
    "..",
    ".",
    "null",
    "undefined",
    "NaN",
    "-1",
    "0",
    "1e999",
    "' OR 1=1 --",
    "a".repeat(10_000),
    "é",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "../../__mock/reset",
    "%",
  ].map((value) => ({ value, raw: false }));
  const raw = ["%", "%E0%A4%A", "%zz", "%00", "%2e%2e", "a%2Fb", "%F0%9F%98"].map((value) => ({ value, raw: true }));
  return [...encoded, ...raw];
}

/** A location in a JSON value: object keys and array indices from the root. */
export type JsonPath = Array<string | number>;

/** Every location in `value` (the root included), containers before their children. */
export function jsonPaths(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const out: JsonPath[] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...jsonPaths(v, [...prefix, i])));
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) out.push(...jsonPaths(v, [...prefix, k]));
  return out;
}

/** A change to a JSON body: replace or delete the value at a path, or add a member to a container. */
export type BodyMutation =
  | { op: "replace"; path: JsonPath; value: unknown }
  | { op: "delete"; path: JsonPath }
  | { op: "add"; path: JsonPath; key: string; value: unknown };

/** `body` with `m` applied (a copy; `body` is not changed). */
export function applyMutation(body: unknown, m: BodyMutation): unknown {
  if (m.path.length === 0 && m.op === "replace") return m.value;
  if (m.path.length === 0 && m.op === "delete") return undefined;
  const root = structuredClone(body);
  const parentPath = m.op === "add" ? m.path : m.path.slice(0, -1);
  let node: unknown = root;
  for (const k of parentPath) {
    if (typeof node !== "object" || node === null) return root; // an earlier change removed the container
    node = (node as Record<string | number, unknown>)[k];
  }
  if (typeof node !== "object" || node === null) return root;
  if (m.op === "add") {
    if (Array.isArray(node)) node.push(m.value);
    else Object.defineProperty(node, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    return root;
  }
  const last = m.path[m.path.length - 1]!;
  if (Array.isArray(node) && typeof last === "number") {
    if (m.op === "delete") node.splice(last, 1);
    else node[last] = m.value;
  } else {
    const obj = node as Record<string, unknown>;
    if (m.op === "delete") delete obj[last as string];
    else
      Object.defineProperty(obj, last as string, {
        value: m.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return root;
}

/** Any value a random field may get: a nasty constant, random JSON, a string or a double (NaN → null in JSON). */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

/** Random mutations of `example` (1 to 3 changes). */
export function bodyMutations(example: unknown): fc.Arbitrary<BodyMutation[]> {
  const paths = jsonPaths(example);
  const containers = paths.filter((p) => {
    let n: unknown = example;
    for (const k of p) n = (n as Record<string | number, unknown>)[k];
    return typeof n === "object" && n !== null;
  });
  const mutation: fc.Arbitrary<BodyMutation> = fc.oneof(
    fc.record({ op: fc.constant("replace" as const), path: fc.constantFrom(...paths), value: nastyValue }),
    fc.record({ op: fc.constant("delete" as const), path: fc.constantFrom(...paths) }),
    ...(containers.length === 0
      ? []
      : [
          fc.record({
            op: fc.constant("add" as const),
            path: fc.constantFrom(...containers),
            key: fc.oneof(
              fc.string({ maxLength: 12 }),
              fc.constantFrom("__proto__", "constructor", "extra", "id", "user_id", "userId"),
            ),
            value: nastyValue,
          }),
        ]),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 });
}

/** A random query value: a nasty one, a random string or a printed double/integer. */
export const queryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_QUERY_VALUES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);
