import type { z } from "zod";
import { closestNames } from "../_internal/closestNames.ts";

/** A field of a request body that its schema does not know. */
export interface UnknownField {
  /** Where it is, e.g. `["holdings", 0, "colour"]`. */
  path: Array<string | number>;
  /** The names the schema knows at that place. */
  known: string[];
  /** The closest known names ("did you mean"), nearest first. */
  suggestions: string[];
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The schema with wrappers (optional, nullable, default, pipe, lazy…) removed. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 32; i++) {
    const d = defOf(s);
    if (d.innerType !== undefined) s = d.innerType;
    else if (d.type === "pipe" && d.in !== undefined) s = d.in;
    else if (d.type === "lazy" && d.getter !== undefined) s = d.getter();
    else return s;
  }
  return s;
}

/**
 * The fields of `value` that `schema` does not know, at any depth (objects, arrays, unions by
 * the value's shape). Objects with a catch-all (`z.looseObject`, records) accept any name;
 * strict objects are left to zod, which rejects their unknown keys itself. The schema and the
 * value are only read. Cost: O(size of the value · depth of the schema).
 *
 * @example
 * unknownFields(z.object({ name: z.string() }), { name: "n", nmae: "x" })[0]?.suggestions // => ["name"]
 */
export function unknownFields(schema: z.ZodType, value: unknown, path: Array<string | number> = []): UnknownField[] {
  const s = unwrap(schema);
  const d = defOf(s);
  if (d.type === "union" && d.options !== undefined) {
    const fits = d.options.find((o) => {
      const t = defOf(unwrap(o)).type;
      return Array.isArray(value) ? t === "array" : isPlainObject(value) ? t === "object" || t === "record" : false;
    });
    return fits === undefined ? [] : unknownFields(fits, value, path);
  }
  if (d.type === "array" && d.element !== undefined && Array.isArray(value)) {
    return value.flatMap((v, i) => unknownFields(d.element!, v, [...path, i]));
  }
  if (d.type === "object" && d.shape !== undefined && isPlainObject(value)) {
    const catchall = d.catchall === undefined ? undefined : defOf(d.catchall).type;
    if (catchall !== undefined) return []; // loose (any name) or strict (zod reports it)
    const known = Object.keys(d.shape);
    const out: UnknownField[] = [];
    for (const [k, v] of Object.entries(value)) {
      // Own properties only: "__proto__" or "constructor" in a body are unknown names, not the shape's prototype.
      const field = Object.hasOwn(d.shape, k) ? d.shape[k] : undefined;
      if (field === undefined) out.push({ path: [...path, k], known, suggestions: closestNames(k, known) });
      else out.push(...unknownFields(field, v, [...path, k]));
    }
    return out;
  }
  return [];
}

/** `body.holdings[0].colour` for a path. */
export function fieldPath(where: string, path: ReadonlyArray<string | number>): string {
  return [where, ...path.map((p) => (typeof p === "number" ? `[${p}]` : p))].join(".").replace(/\.\[/g, "[");
}

/**
 * One sentence about an unknown field: where, that it is not a field, the closest known name and
 * the names that are, e.g. `body.objectve is not a field of this request; did you mean objective?
 * (fields: name, objective, exclusions)`.
 */
export function describeUnknownField(where: string, f: UnknownField): string {
  const mean = f.suggestions.length > 0 ? `; did you mean ${f.suggestions.join(" or ")}?` : "";
  return `${fieldPath(where, f.path)} is not a field of this request${mean} (fields: ${f.known.join(", ")})`;
}
