import { z } from "@hono/zod-openapi";
import { LIMITS } from "./limits.ts";
import { PerformanceSchema } from "./performance.ts";

/** Strategy, v1 shape (contract 2.1): snake_case, HTTP-date timestamps. */
export const StrategyV1Schema = z
  .object({
    id: z.string().openapi({ format: "uuid" }),
    user_id: z.string(),
    name: z.string(),
    objective: z.string(),
    created_at: z.string().openapi({ description: "RFC 7231 HTTP-date", example: "Sat, 05 Apr 2025 17:43:37 GMT" }),
    updated_at: z.string().openapi({ description: "RFC 7231 HTTP-date" }),
    public: z.boolean(),
    growth: z.number().nullable().openapi({ deprecated: true }),
    status: z.number().int(),
    tags: z.array(z.string()),
    exchanges: z.array(z.string()).nullable(),
    limit: z.number().int().nullable(),
    min_market_cap: z.number().nullable(),
    max_market_cap: z.number().nullable(),
    min_evidence_count: z.number().int().nullable(),
    completed: z.boolean(),
    has_factsheet: z.boolean(),
    exclusions: z.array(z.string()).optional(),
    gics_sectors: z.array(z.string()).optional(),
    metathemes: z.array(z.string()).optional(),
    performance: PerformanceSchema.nullable().optional(),
  })
  .openapi("StrategyV1");
export type StrategyV1 = z.infer<typeof StrategyV1Schema>;

/** Strategy, v2 shape (contract 2.2): versions, drafts, archive timestamps, ISO-8601. All fields always present. */
export const StrategyV2Schema = z
  .object({
    id: z.string().openapi({ format: "uuid" }),
    user_id: z.string(),
    name: z.string(),
    exclusions: z.array(z.string()),
    public: z.boolean(),
    tags: z.array(z.string()),
    active_version_id: z.string().nullable(),
    draft_version_id: z.string().nullable(),
    status: z.number().int(),
    completed: z.boolean(),
    metathemes: z.array(z.string()),
    gics_sectors: z.array(z.string()),
    performance: PerformanceSchema.nullable(),
    archived_at: z.string().nullable().openapi({ description: "ISO-8601" }),
    permanent_delete_at: z.string().nullable().openapi({ description: "ISO-8601, 30 days after archived_at" }),
    created_at: z.string().openapi({ description: "ISO-8601" }),
    updated_at: z.string().openapi({ description: "ISO-8601" }),
    objective: z.string(),
  })
  .openapi("StrategyV2");
export type StrategyV2 = z.infer<typeof StrategyV2Schema>;

/** One immutable version of a strategy (v1: HTTP-dates; v2: ISO-8601). */
export const StrategyVersionSchema = z
  .object({
    id: z.string().openapi({ format: "uuid" }),
    strategy_id: z.string().openapi({ format: "uuid" }),
    objective: z.string(),
    exclusions: z.array(z.string()),
    status: z.number().int(),
    completed: z.boolean(),
    active: z.boolean(),
    created_at: z.string(),
  })
  .openapi("StrategyVersion");
export type StrategyVersion = z.infer<typeof StrategyVersionSchema>;

/** Answer of v1 DELETE (archive): the archive timestamps as HTTP-dates. */
export const ArchiveResultSchema = z
  .object({ id: z.string(), archived_at: z.string(), permanent_delete_at: z.string() })
  .openapi("ArchiveResult");
export type ArchiveResult = z.infer<typeof ArchiveResultSchema>;

/** `scope` of a strategy list: the caller's own (default), the public catalog, or both. */
export const ScopeQuery = z.object({
  scope: z.enum(["user", "public", "all"]).default("user").openapi({ param: { name: "scope", in: "query" } }),
});

/** Body of POST /strategies. */
export const CreateStrategyBody = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.NAME_MAX),
    objective: z.string().trim().min(1).max(LIMITS.OBJECTIVE_MAX),
    exclusions: z.array(z.string().trim().min(1).max(LIMITS.EXCLUSION_MAX)).max(LIMITS.EXCLUSIONS_MAX_COUNT).optional(),
  })
  .openapi("CreateStrategyBody");

/** Body of PATCH /strategies/{id}: at least one of the three properties, no others. */
export const PatchStrategyBody = z
  .strictObject({
    name: z.string().trim().min(1).max(LIMITS.NAME_MAX).optional(),
    objective: z.string().trim().min(1).max(LIMITS.OBJECTIVE_MAX).optional(),
    exclusions: z.array(z.string().trim().min(1).max(LIMITS.EXCLUSION_MAX)).max(LIMITS.EXCLUSIONS_MAX_COUNT).optional(),
  })
  .refine((b) => Object.keys(b).length >= 1, { message: "at least 1 property is required (name, objective, exclusions)" })
  .openapi("PatchStrategyBody");
export type PatchStrategy = z.infer<typeof PatchStrategyBody>;
