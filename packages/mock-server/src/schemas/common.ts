import { z } from "@hono/zod-openapi";

/** Every error body (docs/parity.md#errors). */
export const ErrorSchema = z
  .object({ error: z.string() })
  .openapi("Error", { example: { error: "strategy 1b4e… not found" } });

/** A UUID-shaped identifier (8-4-4-4-12 hex digits; the version digit is not checked). */
export const UuidSchema = z.guid().openapi({ format: "uuid", example: "6f1c2b8e-3d4a-4b5c-9d6e-7f8091a2b3c4" });

/** The endpoint that finds a company's id from its ticker, name, ISIN or FIGI (named in {@link CompanyIdSchema}'s errors). */
export const COMPANY_SEARCH_PATH = "/v1/helper/companies/search";

/**
 * The message of a company id that is not a UUID, by what it looks like: a ticker or a company
 * name (letters, digits, spaces, `.`, `&`, `'`, `-`; at most 64 characters, not only hex digits
 * and dashes) is quoted back with the company search to send it to; anything else (a mistyped
 * UUID, other characters) is not repeated.
 *
 * @example
 * companyIdMessage("AAPL") // => 'must be a company id (a UUID); "AAPL" looks like a ticker or a company name: find its id with POST /v1/helper/companies/search {"query":"AAPL"} (also under /v2)'
 */
export function companyIdMessage(input: unknown): string {
  const text = typeof input === "string" ? input.trim() : "";
  if (/^[A-Za-z0-9][A-Za-z0-9 .&'-]{0,63}$/.test(text) && !/^[0-9a-fA-F-]+$/.test(text)) {
    return `must be a company id (a UUID); ${JSON.stringify(text)} looks like a ticker or a company name: find its id with POST ${COMPANY_SEARCH_PATH} ${JSON.stringify({ query: text })} (also under /v2)`;
  }
  return `must be a company id (a UUID such as 6f1c2b8e-3d4a-4b5c-9d6e-7f8091a2b3c4); from a ticker, a name, an ISIN or a FIGI, find it with POST ${COMPANY_SEARCH_PATH} (also under /v2)`;
}

/** A company id: a UUID, as {@link UuidSchema}; a value of another form is refused with {@link companyIdMessage}. */
export const CompanyIdSchema = z
  .guid({ error: (issue) => (issue.code === "invalid_format" ? companyIdMessage(issue.input) : undefined) })
  .openapi({ format: "uuid", example: "6f1c2b8e-3d4a-4b5c-9d6e-7f8091a2b3c4" });

/** Path parameter `{id}` of a strategy. */
export const StrategyIdParams = z.object({
  id: UuidSchema.openapi({ param: { name: "id", in: "path" } }),
});

/** Path parameters `{id}` and `{versionId}`. */
export const StrategyVersionParams = StrategyIdParams.extend({
  versionId: UuidSchema.openapi({ param: { name: "versionId", in: "path" } }),
});

/** Path parameters `{id}` and `{companyId}`. */
export const StrategyCompanyParams = StrategyIdParams.extend({
  companyId: CompanyIdSchema.openapi({ param: { name: "companyId", in: "path" } }),
});

/** A query boolean: `true`/`false` (also `1`/`0`), anything else is a 400. */
export const QueryBoolean = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .openapi({ type: "string", enum: ["true", "false"] });

/** Standard error responses for the OpenAPI document, by status. */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, { description: string; content: { "application/json": { schema: typeof ErrorSchema } } }> {
  const descriptions: Record<number, string> = {
    400: "Malformed body, query or identifier",
    401: "Missing, malformed, unknown or inactive API key",
    403: "The caller does not own the strategy",
    404: "Absent, archived past retention, or invisible to the caller",
    423: "A previous submission of this strategy is still running",
  };
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: descriptions[s] ?? "Error", content: { "application/json": { schema: ErrorSchema } } },
    ]),
  ) as Record<S, { description: string; content: { "application/json": { schema: typeof ErrorSchema } } }>;
}

/** The bearer security requirement of every route except health. */
/**
 * An OpenAPI response entry whose body is `schema` as JSON.
 *
 * @example
 * jsonResponse(ErrorSchema, "Not found") // => { description: "Not found", content: { "application/json": { schema: ErrorSchema } } }
 */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const bearerSecurity = [{ bearerAuth: [] as string[] }];
