import type { Context } from "hono";
import type { z } from "zod";
import { formatZodError } from "../errors/formatZodError.ts";
import type { MockApp } from "../context/RouteModule.ts";
import { addWarning } from "../context/addWarning.ts";
import { describeUnknownField, fieldPath, unknownFields, type UnknownField } from "./unknownFields.ts";

type HookResult =
  | { target: string; success: true; data: unknown }
  | { target: string; success: false; error: z.ZodError };

/** JSON body schemas by `METHOD /hono/:path`, read once from the app's OpenAPI registry. */
function bodySchemas(app: MockApp): Map<string, z.ZodType> {
  const out = new Map<string, z.ZodType>();
  for (const d of app.openAPIRegistry.definitions) {
    if (d.type !== "route") continue;
    const schema = (d.route.request?.body?.content as Record<string, { schema?: unknown }> | undefined)?.[
      "application/json"
    ]?.schema;
    if (schema !== undefined)
      out.set(`${d.route.method.toUpperCase()} ${d.route.path.replace(/\{(\w+)\}/g, ":$1")}`, schema as z.ZodType);
  }
  return out;
}

/**
 * The validation hook of every route: a 400 `{error}` naming each
 * broken field once (`formatZodError`), and a body's unknown fields reported with the closest
 * known name (`unknownFields`). A request that is otherwise valid is answered with one
 * `Warning` header per unknown field, or, when `strict()` is on (`--strict`), refused with 400.
 * A failing request also lists its unknown fields, and a missing required field whose name was
 * mistyped is one problem, said once: `body.objective: missing; the body has objectve: did you
 * mean objective?`.
 *
 * @param app the app whose routes' body schemas are looked up (read lazily, after registration)
 * @param strict whether unknown body fields are refused (read per request: the control surface may change it)
 */
export function validationHook(app: MockApp, strict: () => boolean) {
  let schemas: Map<string, z.ZodType> | undefined;
  return async (result: HookResult, c: Context) => {
    const where = result.target === "json" ? "body" : result.target === "param" ? "path" : result.target;
    let unknown: UnknownField[] = [];
    if (result.target === "json") {
      schemas ??= bodySchemas(app);
      const schema = schemas.get(`${c.req.method} ${c.req.routePath}`);
      const raw: unknown = schema === undefined ? undefined : await c.req.json().catch(() => undefined);
      if (schema !== undefined) unknown = unknownFields(schema, raw);
    }
    if (result.success) {
      if (unknown.length === 0) return undefined;
      if (strict()) return c.json({ error: unknown.map((f) => describeUnknownField(where, f)).join("; ") }, 400);
      for (const f of unknown) addWarning(c, `${describeUnknownField(where, f)}; it was ignored`);
      return undefined;
    }
    const message = formatZodError(result.error, where);
    const parts = message.split("; ");
    const rest: string[] = [];
    for (const f of unknown) {
      const target = f.suggestions[0];
      const missing =
        target === undefined
          ? -1
          : parts.findIndex(
              (p) =>
                p.startsWith(`${fieldPath(where, [...f.path.slice(0, -1), target])}: `) &&
                p.endsWith("received undefined"),
            );
      if (missing >= 0)
        parts[missing] =
          `${fieldPath(where, [...f.path.slice(0, -1), target!])}: missing; the body has ${String(f.path.at(-1))}: did you mean ${target}?`;
      else rest.push(describeUnknownField(where, f));
    }
    return c.json({ error: [...parts, ...rest].join("; ") }, 400);
  };
}
