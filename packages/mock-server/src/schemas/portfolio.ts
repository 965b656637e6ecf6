import { z } from "@hono/zod-openapi";
import { jsonDepth } from "../_internal/jsonDepth.ts";
import { UuidSchema } from "./common.ts";

/** Path parameter `{id}` of a portfolio. */
export const PortfolioIdParams = z.object({
  id: UuidSchema.openapi({ param: { name: "id", in: "path" } }),
});

/**
 * Deepest nesting accepted in a free-form JSON object (`metadata`, `raw_payload`): deeper values
 * are a 400. Found by the robustness fuzzing: a metadata object nested 5000 levels deep overflowed
 * the stack when stored (a 500).
 */
export const MAX_JSON_DEPTH = 64;

/** A free-form JSON object (`metadata`, `raw_payload`), at most {@link MAX_JSON_DEPTH} levels deep. */
const JsonObject = z
  .record(z.string(), z.unknown())
  .refine((v) => jsonDepth(v, MAX_JSON_DEPTH) <= MAX_JSON_DEPTH, `must not nest deeper than ${MAX_JSON_DEPTH} levels`);

/**
 * One holding of a portfolio write (contract 4.6). `weight` is required (finite, >= 0); the
 * security is identified by `security_id`, else `symbol` (optionally narrowed by `exchange`,
 * a venue name or MIC), else `org_id` (the company's primary listing); the fields given must agree.
 * `name` is informational (the response shows the universe's company name); `raw_payload` is
 * stored and returned as sent. Null counts as absent.
 */
export const HoldingInputSchema = z
  .object({
    weight: z.number().min(0).openapi({ example: 0.25 }),
    security_id: UuidSchema.nullable().optional(),
    org_id: UuidSchema.nullable().optional(),
    symbol: z.string().trim().min(1).max(32).nullable().optional(),
    exchange: z.string().trim().min(1).max(64).nullable().optional(),
    name: z.string().max(300).nullable().optional(),
    raw_payload: JsonObject.nullable().optional(),
  })
  .openapi("PortfolioHoldingInput");
export type HoldingInput = z.infer<typeof HoldingInputSchema>;

/**
 * Body of `POST /portfolios` and `PUT /portfolios/{id}` (contract 4.6). `name` is trimmed and must
 * not be blank; 1 to 1000 holdings whose weights sum to more than 0 (checked by the service).
 * Omitted `public`/`tags`/`source`/`metadata` default to false/null/null/{} on creation and keep
 * their current values on an overwrite or update.
 */
export const PortfolioBodySchema = z
  .object({
    name: z.string().trim().min(1, "must not be blank").max(200),
    holdings: z.array(HoldingInputSchema).min(1).max(1000),
    public: z.boolean().optional(),
    tags: z.array(z.string().max(100)).max(100).nullable().optional(),
    source: z.string().max(200).nullable().optional(),
    metadata: JsonObject.optional(),
  })
  .openapi("PortfolioBody");
export type PortfolioBody = z.infer<typeof PortfolioBodySchema>;

/** A holding in a portfolio response (contract 2.6). */
export const PortfolioHoldingSchema = z
  .object({
    weight: z.number(),
    created_at: z.string().openapi({ example: "Sat, 05 Apr 2025 17:43:37 GMT" }),
    updated_at: z.string(),
    symbol: z.string(),
    exchange: z.string(),
    market: z.string(),
    name: z.string(),
    raw_payload: JsonObject,
    security_id: z.string().openapi({ format: "uuid" }),
    org_id: z.string().openapi({ format: "uuid" }),
    market_cap: z.number(),
    sector: z.string(),
    industry: z.string(),
  })
  .openapi("PortfolioHolding");
export type PortfolioHoldingOut = z.infer<typeof PortfolioHoldingSchema>;

/** A portfolio list item (contract 2.6): no holdings; `user_id` null when the caller is not the owner. */
export const PortfolioListItemSchema = z
  .object({
    id: z.string().openapi({ format: "uuid" }),
    user_id: z.string().nullable(),
    name: z.string(),
    public: z.boolean(),
    created_at: z.string().openapi({ example: "Sat, 05 Apr 2025 17:43:37 GMT" }),
    updated_at: z.string(),
    tags: z.array(z.string()).nullable(),
    source: z.string().nullable(),
    metadata: JsonObject,
  })
  .openapi("PortfolioListItem");
export type PortfolioListItemOut = z.infer<typeof PortfolioListItemSchema>;

/** A portfolio with its holdings (create, overwrite, update and get responses). */
export const PortfolioSchema = PortfolioListItemSchema.extend({ holdings: z.array(PortfolioHoldingSchema) }).openapi("Portfolio");
export type PortfolioOut = z.infer<typeof PortfolioSchema>;
