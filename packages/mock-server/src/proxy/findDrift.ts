/** What differs between an answer and the mock's schema. */
export type DriftKind = "missing" | "extra" | "type" | "value" | "status" | "undocumented";

/** One difference, at a JSON path whose array indices are written `[]` (one entry per field, not per item). */
export interface DriftIssue {
  path: string;
  kind: DriftKind;
  expected: string;
  got: string;
}

/** A JSON Schema (as the OpenAPI 3.1 document writes it). */
export type JsonSchema = Record<string, unknown>;

/**
 * The differences between the JSON `value` and `schema` (the mock's schema of that answer, from
 * its OpenAPI document; `$ref`s resolved in `components`): a required property absent
 * (`missing`), a property the schema does not list (`extra`, even where the schema tolerates
 * it: the mock would not send it), a JSON type other than the schema's (`type`), a value outside
 * an `enum`/`const` (`value`). `anyOf`/`oneOf`: the closest branch. Issues are deduplicated by
 * path and kind (every item of an array reports at `[]`).
 *
 * @example
 * findDrift({ a: 1, b: 2 }, { type: "object", properties: { a: { type: "string" }, c: { type: "number" } }, required: ["c"] }, {})
 * // => [{ path: "$.a", kind: "type", expected: "string", got: "integer" }, { path: "$.c", kind: "missing", … }, { path: "$.b", kind: "extra", … }]
 */
export function findDrift(value: unknown, schema: JsonSchema, components: Record<string, JsonSchema>): DriftIssue[] {
  const issues = walk(value, schema, components, "$", 0);
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path} ${i.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const MAX_DEPTH = 64;

function walk(
  value: unknown,
  schemaIn: JsonSchema,
  components: Record<string, JsonSchema>,
  path: string,
  depth: number,
): DriftIssue[] {
  if (depth > MAX_DEPTH) return [];
  const schema = resolve(schemaIn, components);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) {
    let best: DriftIssue[] | undefined;
    for (const branch of branches) {
      const found = walk(value, branch, components, path, depth + 1);
      if (best === undefined || found.length < best.length) best = found;
      if (found.length === 0) return [];
    }
    const allTypeMismatch = branches.every((b) =>
      walk(value, b, components, path, depth + 1).some((i) => i.path === path && i.kind === "type"),
    );
    if (allTypeMismatch)
      return [
        {
          path,
          kind: "type",
          expected: branches.map((b) => describe(resolve(b, components))).join(" | "),
          got: jsonType(value),
        },
      ];
    return best ?? [];
  }
  if (Array.isArray(schema.allOf))
    return (schema.allOf as JsonSchema[])
      .flatMap((s) => walk(value, s, components, path, depth + 1))
      .filter((i) => i.kind !== "extra");
  if ("const" in schema && !sameJson(schema.const, value))
    return [{ path, kind: "value", expected: JSON.stringify(schema.const), got: preview(value) }];
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => sameJson(e, value)))
    return [
      {
        path,
        kind: "value",
        expected: `one of ${schema.enum.map((e) => JSON.stringify(e)).join(", ")}`,
        got: preview(value),
      },
    ];
  const types = typesOf(schema);
  if (types !== undefined && !types.some((t) => matchesType(t, value)))
    return [{ path, kind: "type", expected: types.join(" | "), got: jsonType(value) }];
  const issues: DriftIssue[] = [];
  if (isObject(value)) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = (schema.required ?? []) as string[];
    const additional = schema.additionalProperties;
    for (const name of required)
      if (!(name in value))
        issues.push({
          path: `${path}.${name}`,
          kind: "missing",
          expected: describe(resolve(properties[name] ?? {}, components)),
          got: "absent",
        });
    for (const [name, v] of Object.entries(value)) {
      const property = properties[name];
      if (property !== undefined) issues.push(...walk(v, property, components, `${path}.${name}`, depth + 1));
      else if (typeof additional === "object" && additional !== null)
        issues.push(...walk(v, additional as JsonSchema, components, `${path}.*`, depth + 1));
      else if (schema.properties !== undefined || additional === false)
        issues.push({ path: `${path}.${name}`, kind: "extra", expected: "absent", got: jsonType(v) });
    }
  } else if (Array.isArray(value)) {
    const prefix = schema.prefixItems as JsonSchema[] | undefined;
    value.forEach((item, i) => {
      const itemSchema = prefix?.[i] ?? (typeof schema.items === "object" ? (schema.items as JsonSchema) : undefined);
      if (itemSchema !== undefined)
        issues.push(
          ...walk(item, itemSchema, components, prefix === undefined ? `${path}[]` : `${path}[${i}]`, depth + 1),
        );
    });
  }
  return issues;
}

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  let s = schema;
  for (let i = 0; i < 16 && typeof s.$ref === "string"; i++) {
    const name = s.$ref.replace(/^#\/components\/schemas\//, "");
    s = components[name] ?? {};
  }
  return s;
}

function typesOf(schema: JsonSchema): string[] | undefined {
  const t = schema.type;
  const types = typeof t === "string" ? [t] : Array.isArray(t) ? (t as string[]) : undefined;
  if (types !== undefined && schema.nullable === true) types.push("null");
  return types;
}

function matchesType(type: string, value: unknown): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    default:
      return typeof value === type;
  }
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function describe(schema: JsonSchema): string {
  const types = typesOf(schema);
  if (types !== undefined) return types.join(" | ");
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((e) => JSON.stringify(e)).join(", ")}`;
  if ("const" in schema) return JSON.stringify(schema.const);
  return "any";
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
