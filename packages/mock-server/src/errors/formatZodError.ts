import type { z } from "zod";

/**
 * One readable sentence from a zod error: each issue as `<where>.<path>: <rule>`, joined by `; `,
 * e.g. `body.name: Invalid input: expected string, received number`. One message per field: when
 * zod reports several rules broken by one value (`years: 1e308` is both too big for an integer
 * and above 20), only one is kept: the first, unless it is only the safe-integer bound zod adds
 * to `int()` and the field has a rule of its own.
 *
 * @param error the zod error
 * @param where the request part validated (`body`, `query`, `path`), prefixed to each path
 * @example
 * formatZodError(z.object({ a: z.string() }).safeParse({}).error!, "body") // => "body.a: Invalid input: expected string, received undefined"
 */
/** zod's own bound of `int()`, less telling than the field's rule when both are broken. */
const SAFE_INTEGER_BOUND = /9007199254740991/;

export function formatZodError(error: z.ZodError, where?: string): string {
  const byPath = new Map<string, string>();
  for (const issue of error.issues) {
    const path = [where, ...issue.path.map((p) => (typeof p === "number" ? `[${p}]` : String(p)))]
      .filter((p): p is string => p !== undefined && p !== "")
      .join(".")
      .replace(/\.\[/g, "[");
    const kept = byPath.get(path);
    if (kept === undefined || SAFE_INTEGER_BOUND.test(kept)) byPath.set(path, issue.message);
  }
  const parts = [...byPath].map(([path, message]) => (path === "" ? message : `${path}: ${message}`));
  return parts.length === 0 ? "invalid input" : parts.join("; ");
}
