import { z } from "@hono/zod-openapi";
import { jsonByteLength } from "../_internal/jsonByteLength.ts";
import { jsonDepth } from "../_internal/jsonDepth.ts";
import { UuidSchema } from "./common.ts";
import { LIMITS } from "./limits.ts";

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

/** A free-form JSON object (`metadata`, `raw_payload`), at most {@link MAX_JSON_DEPTH} levels deep and `maxBytes` of JSON (LIMITS). */
const jsonObject = (maxBytes: number) =>
  z
    .record(z.string(), z.unknown())
    .refine((v) => jsonDepth(v, MAX_JSON_DEPTH) <= MAX_JSON_DEPTH, {
      message: `must not nest deeper than ${MAX_JSON_DEPTH} levels`,
      abort: true,
    })
    .refine((v) => jsonByteLength(v) <= maxBytes, `must be at most ${maxBytes} bytes of JSON`)
    .openapi({
      description: `Free-form JSON object: at most ${maxBytes} bytes of JSON text, ${MAX_JSON_DEPTH} levels deep`,
    });

/**
 * One holding of a portfolio write (docs/parity.md#portfolio-endpoints). `weight` is required (finite, >= 0); the
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
    symbol: z.string().trim().min(1).max(LIMITS.SYMBOL_MAX).nullable().optional(),
    exchange: z.string().trim().min(1).max(LIMITS.EXCHANGE_MAX).nullable().optional(),
    name: z.string().max(LIMITS.HOLDING_NAME_MAX).nullable().optional(),
    raw_payload: jsonObject(LIMITS.RAW_PAYLOAD_MAX_BYTES).nullable().optional(),
  })
  .openapi("PortfolioHoldingInput");
export type HoldingInput = z.infer<typeof HoldingInputSchema>;

/**
 * Body of `POST /portfolios` and `PUT /portfolios/{id}` (docs/parity.md#portfolio-endpoints). `name` is trimmed and must
 * not be blank; 1 to 1000 holdings whose weights sum to more than 0 (checked by the service).
 * Omitted `public`/`tags`/`source`/`metadata` default to false/null/null/{} on creation and keep
 * their current values on an overwrite or update.
 */
export const PortfolioBodySchema = z
  .object({
    name: z.string().trim().min(1, "must not be blank").max(LIMITS.NAME_MAX),
    holdings: z.array(HoldingInputSchema).min(1).max(LIMITS.HOLDINGS_MAX_COUNT),
    public: z.boolean().optional(),
    tags: z.array(z.string().max(LIMITS.TAG_MAX)).max(LIMITS.TAGS_MAX_COUNT).nullable().optional(),
    source: z.string().max(LIMITS.SOURCE_MAX).nullable().optional(),
    metadata: jsonObject(LIMITS.METADATA_MAX_BYTES).optional(),
  })
  .openapi("PortfolioBody");
export type PortfolioBody = z.infer<typeof PortfolioBodySchema>;

/** A holding in a portfolio response (docs/parity.md#portfolio). */
export const PortfolioHoldingSchema = z
  .object({
    weight: z.number(),
    created_at: z.string().openapi({ example: "Sat, 05 Apr 2025 17:43:37 GMT" }),
    updated_at: z.string(),
    symbol: z.string(),
    exchange: z.string(),
    market: z.string(),
    name: z.string(),
    raw_payload: z.record(z.string(), z.unknown()),
    security_id: z.string().openapi({ format: "uuid" }),
    org_id: z.string().openapi({ format: "uuid" }),
    market_cap: z.number(),
    sector: z.string(),
    industry: z.string(),
  })
  .openapi("PortfolioHolding");
export type PortfolioHoldingOut = z.infer<typeof PortfolioHoldingSchema>;

/** A portfolio list item (docs/parity.md#portfolio): no holdings; `user_id` null when the caller is not the owner. */
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
    metadata: z.record(z.string(), z.unknown()),
  })
  .openapi("PortfolioListItem");
export type PortfolioListItemOut = z.infer<typeof PortfolioListItemSchema>;

/** A portfolio with its holdings (create, overwrite, update and get responses). */
export const PortfolioSchema = PortfolioListItemSchema.extend({ holdings: z.array(PortfolioHoldingSchema) }).openapi(
  "Portfolio",
);
export type PortfolioOut = z.infer<typeof PortfolioSchema>;
