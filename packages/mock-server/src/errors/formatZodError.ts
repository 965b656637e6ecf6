import type { z } from "zod";

/**
 * One readable sentence from a zod error: each issue as `<where>.<path>: <rule>`, joined by `; `,
 * e.g. `body.name: Invalid input: expected string, received number`.
 *
 * @param error the zod error
 * @param where the request part validated (`body`, `query`, `path`), prefixed to each path
 * @example
 * formatZodError(z.object({ a: z.string() }).safeParse({}).error!, "body") // => "body.a: Invalid input: expected string, received undefined"
 */
export function formatZodError(error: z.ZodError, where?: string): string {
  const parts = error.issues.map((issue) => {
    const path = [where, ...issue.path.map((p) => (typeof p === "number" ? `[${p}]` : String(p)))]
      .filter((p): p is string => p !== undefined && p !== "")
      .join(".")
      .replace(/\.\[/g, "[");
    return path === "" ? issue.message : `${path}: ${issue.message}`;
  });
  return parts.length === 0 ? "invalid input" : parts.join("; ");
}
