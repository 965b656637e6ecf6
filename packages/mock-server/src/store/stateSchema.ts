import { z } from "zod";
import type { PortfolioRecord, PortfoliosExtension } from "./PortfolioRecord.ts";
import type { RunRecord, StoreState, StrategyRecord, UserRecord, VersionRecord } from "./StoreState.ts";

// The zod schemas of the state file: every section, strictly (an unknown key, a missing one, a
// section of another format version are refused). Each schema is typed by the record it checks,
// so a field added to a record type without its schema fails the type check. A new area under
// `extensions` adds its section schema to `ExtensionsSchema` (one line).

const Millis = z.number().int("must be an integer (ms since epoch)");
const Id = z.string().min(1, "must be a non-empty id");
const JsonObject = z.record(z.string(), z.unknown());

const RunSchema: z.ZodType<RunRecord> = z.strictObject({
  startedAt: Millis,
  durationMs: z.number().nonnegative(),
  outcome: z.union([z.literal(100), z.literal(-1), z.literal(-2)]),
});

const ConstituentSchema = z.strictObject({
  companyId: Id,
  linguisticBeta: z.number(),
  marketBuzz: z.number(),
  reasoning: z.string(),
});

const AsOfDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD");

const VersionSchema: z.ZodType<VersionRecord> = z.strictObject({
  id: Id,
  objective: z.string(),
  exclusions: z.array(z.string()),
  createdAt: Millis,
  run: RunSchema.nullable(),
  constituents: z.array(ConstituentSchema).nullable(),
  // Optional fields of the v2 dated runs and factsheets (team i13's VersionRecord; absent in older files).
  historicalRuns: z
    .array(
      z.strictObject({
        startedAt: Millis,
        durationMs: z.number().nonnegative(),
        outcome: z.union([z.literal(100), z.literal(-1), z.literal(-2)]),
        asOfDate: AsOfDate,
      }),
    )
    .optional(),
  liveRunCount: z.number().int().nonnegative().optional(),
  factsheets: z
    .array(z.strictObject({ asOfDate: AsOfDate, requestedAt: Millis, durationMs: z.number().nonnegative() }))
    .optional(),
});

const BuildOutcomeSchema = z.union([z.literal(100), z.literal(-1), z.literal(-2)]);

const StrategySchema: z.ZodType<StrategyRecord> = z
  .strictObject({
    id: Id,
    userId: Id,
    name: z.string(),
    objective: z.string(),
    exclusions: z.array(z.string()),
    tags: z.array(z.string()),
    public: z.boolean(),
    createdAt: Millis,
    updatedAt: Millis,
    archivedAt: Millis.nullable(),
    versions: z.array(VersionSchema),
    activeVersionId: Id.nullable(),
    draftVersionId: Id.nullable(),
    nextOutcome: BuildOutcomeSchema.nullable(),
  })
  .superRefine((s, ctx) => {
    const ids = new Set(s.versions.map((v) => v.id));
    if (s.activeVersionId !== null && !ids.has(s.activeVersionId))
      ctx.addIssue({ code: "custom", path: ["activeVersionId"], message: "must be the id of one of its versions" });
    if (s.draftVersionId !== null && !ids.has(s.draftVersionId))
      ctx.addIssue({ code: "custom", path: ["draftVersionId"], message: "must be the id of one of its versions" });
    if (ids.size !== s.versions.length)
      ctx.addIssue({ code: "custom", path: ["versions"], message: "version ids must be unique" });
  });

const UserSchema: z.ZodType<UserRecord> = z.strictObject({
  id: Id,
  name: z.string(),
  apiKey: z.string().min(1),
  active: z.boolean(),
});

const HoldingSchema = z.strictObject({
  securityId: Id,
  weight: z.number(),
  rawPayload: JsonObject,
  createdAt: Millis,
  updatedAt: Millis,
});

const PortfolioSchema: z.ZodType<PortfolioRecord> = z.strictObject({
  id: Id,
  userId: Id,
  name: z.string(),
  public: z.boolean(),
  tags: z.array(z.string()).nullable(),
  source: z.string().nullable(),
  metadata: JsonObject,
  createdAt: Millis,
  updatedAt: Millis,
  holdings: z.array(HoldingSchema),
});

/** `extensions.portfolios`, format version 1 (services/portfolios/portfolioStore.ts). */
const PortfoliosSectionSchema: z.ZodType<PortfoliosExtension> = z
  .strictObject({
    version: z.literal(1, "must be 1 (the portfolio section format this mock reads)"),
    portfolios: z.array(PortfolioSchema),
  })
  .superRefine((section, ctx) => {
    uniqueIds(section.portfolios, ["portfolios"], ctx);
    const names = new Set<string>();
    section.portfolios.forEach((p, i) => {
      const key = `${p.userId}\u0000${p.name}`;
      if (names.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["portfolios", i, "name"],
          message: `repeats the name "${p.name}" of another portfolio of the same owner`,
        });
      names.add(key);
    });
  });

/** The areas that keep records under `extensions`, each with its section schema (absent: not written yet). */
const ExtensionsSchema = z.strictObject({
  portfolios: PortfoliosSectionSchema.optional(),
});

/**
 * The whole state: format version 1, every section checked, plus the rules that span records
 * (unique strategy, version and user ids, strategies owned by known users).
 */
export const StoreStateSchema: z.ZodType<StoreState> = z
  .strictObject({
    formatVersion: z.literal(1, "must be 1 (the state format this mock reads)"),
    idSeed: z.number().int(),
    idCounter: z.number().int().nonnegative(),
    clockOffsetMs: z.number().default(0), // absent in files of early versions
    users: z.array(UserSchema),
    strategies: z.array(StrategySchema),
    extensions: ExtensionsSchema,
  })
  .superRefine((state, ctx) => {
    uniqueIds(state.users, ["users"], ctx);
    uniqueIds(state.strategies, ["strategies"], ctx);
    const userIds = new Set(state.users.map((u) => u.id));
    const keys = new Set<string>();
    state.users.forEach((u, i) => {
      if (keys.has(u.apiKey))
        ctx.addIssue({ code: "custom", path: ["users", i, "apiKey"], message: "repeats the key of another user" });
      keys.add(u.apiKey);
    });
    state.strategies.forEach((s, i) => {
      if (!userIds.has(s.userId))
        ctx.addIssue({
          code: "custom",
          path: ["strategies", i, "userId"],
          message: "must be the id of a user in users",
        });
    });
  }) as z.ZodType<StoreState>;

function uniqueIds(records: ReadonlyArray<{ id: string }>, path: Array<string | number>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  records.forEach((r, i) => {
    if (seen.has(r.id)) ctx.addIssue({ code: "custom", path: [...path, i, "id"], message: `repeats the id ${r.id}` });
    seen.add(r.id);
  });
}
