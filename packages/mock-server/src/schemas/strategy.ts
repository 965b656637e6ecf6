import { z } from "@hono/zod-openapi";
import { LIMITS } from "./limits.ts";
import { PerformanceSchema } from "./performance.ts";

/** Strategy, v1 shape (docs/parity.md#strategy-v1): snake_case, HTTP-date timestamps. */
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
/** A strategy in the v1 shape, as the zod schema `StrategyV1Schema` validates it. */
export type StrategyV1 = z.infer<typeof StrategyV1Schema>;

/**
 * Strategy, v2 shape (docs/parity.md#strategy-v2; real v2 reference): versions, drafts, archive timestamps,
 * ISO-8601 to the second. The objective is served twice with the same value: `description` (the
 * real v2 reference's name) and `objective` (the contract's, section 2.2). All fields always present.
 */
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
    description: z.string().openapi({ description: "The investment objective of the strategy (the current draft)" }),
    objective: z.string().openapi({ description: "The same value as `description` (the contract's name for it)" }),
  })
  .openapi("StrategyV2");
/** A strategy in the v2 shape, as the zod schema `StrategyV2Schema` validates it. */
export type StrategyV2 = z.infer<typeof StrategyV2Schema>;

/**
 * A saved version of a strategy plus its run state (real v2 reference "version"). Rollup mode
 * (no as-of date): `status`, `completed`, `started_at`, `completed_at` of the version's most
 * recently started run, `latest_run_date` and `runs_count` set, `as_of_date` null. Date-scoped
 * mode: the run of `as_of_date` (status null when there is none), rollup fields null.
 * Timestamps are ISO-8601 in v2 and HTTP-dates on the v1 (mock-only) version routes.
 */
export const StrategyVersionSchema = z
  .object({
    version_id: z.string().openapi({ format: "uuid" }),
    strategy_id: z.string().openapi({ format: "uuid" }),
    description: z.string().openapi({ description: "The objective snapshot of this version" }),
    exclusions: z.array(z.string()),
    is_active: z.boolean().openapi({ description: "Whether this version is the strategy's active version" }),
    status: z.number().int().nullable().openapi({
      description:
        "Run status: 0 not started, 1..95 running, 100 done, -1 error, -2 permanently failed; null when no run",
    }),
    completed: z.boolean(),
    has_factsheet: z.boolean(),
    created_at: z.string(),
    as_of_date: z
      .string()
      .nullable()
      .openapi({ format: "date", description: "Echoed when date-scoped; null in rollup mode" }),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    latest_run_date: z
      .string()
      .nullable()
      .openapi({ format: "date", description: "Latest completed run's as-of date; null when date-scoped" }),
    runs_count: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Total runs of the version; null when date-scoped" }),
  })
  .openapi("StrategyVersion");
/** A version of a strategy, with its runs in rollup or date-scoped mode, as the zod schema `StrategyVersionSchema` validates it. */
export type StrategyVersion = z.infer<typeof StrategyVersionSchema>;

/** Answer of v1 DELETE (archive): the archive timestamps as HTTP-dates. */
export const ArchiveResultSchema = z
  .object({ id: z.string(), archived_at: z.string(), permanent_delete_at: z.string() })
  .openapi("ArchiveResult");
export type ArchiveResult = z.infer<typeof ArchiveResultSchema>;

/** `scope` of a strategy list: the caller's own (default), the public catalog, or both. */
export const ScopeQuery = z.object({
  scope: z
    .enum(["user", "public", "all"])
    .default("user")
    .openapi({ param: { name: "scope", in: "query" } }),
});

/** Body of POST /v1/strategies. */
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
  .refine((b) => Object.keys(b).length >= 1, {
    message: "at least 1 property is required (name, objective, exclusions)",
  })
  .openapi("PatchStrategyBody");
export type PatchStrategy = z.infer<typeof PatchStrategyBody>;

const NameField = z.string().trim().min(1).max(LIMITS.NAME_MAX);
const ObjectiveField = z.string().trim().min(1).max(LIMITS.OBJECTIVE_MAX);
const ExclusionsField = z.array(z.string().trim().min(1).max(LIMITS.EXCLUSION_MAX)).max(LIMITS.EXCLUSIONS_MAX_COUNT);

/**
 * Body of POST /v2/strategies: `name`, the objective as `objective` (as the guides send it) or
 * `description` (the v2 field name; when both are given they must be equal), `exclusions`.
 */
export const CreateStrategyV2Body = z
  .object({
    name: NameField,
    objective: ObjectiveField.optional(),
    description: ObjectiveField.optional(),
    exclusions: ExclusionsField.optional(),
  })
  .refine((b) => b.objective !== undefined || b.description !== undefined, {
    message: "objective (or description) is required",
    path: ["objective"],
  })
  .refine((b) => b.objective === undefined || b.description === undefined || b.objective === b.description, {
    message: "objective and description differ; send one of them",
    path: ["description"],
  })
  .openapi("CreateStrategyV2Body");

/** Body of PATCH /v2/strategies/{id}: at least one of name, objective (or description), exclusions; no other property. */
export const PatchStrategyV2Body = z
  .strictObject({
    name: NameField.optional(),
    objective: ObjectiveField.optional(),
    description: ObjectiveField.optional(),
    exclusions: ExclusionsField.optional(),
  })
  .refine((b) => Object.keys(b).length >= 1, {
    message: "at least 1 property is required (name, objective, exclusions)",
  })
  .refine((b) => b.objective === undefined || b.description === undefined || b.objective === b.description, {
    message: "objective and description differ; send one of them",
    path: ["description"],
  })
  .openapi("PatchStrategyV2Body");
