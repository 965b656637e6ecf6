import { z } from "zod";
import { ApiError } from "../../errors/ApiError.ts";
import { CreateStrategyBody, PatchStrategyBody, ScopeQuery, StrategyV1Schema } from "../../schemas/strategy.ts";
import { findPremade } from "../../services/premade/findPremade.ts";
import { presentPremade } from "../../services/premade/presentPremade.ts";
import { presentStrategyV1 } from "../../services/presenters/presentStrategyV1.ts";
import { createStrategy } from "../../services/strategies/createStrategy.ts";
import { listStrategies } from "../../services/strategies/listStrategies.ts";
import { submitStrategy } from "../../services/strategies/submitStrategy.ts";
import { updateStrategy } from "../../services/strategies/updateStrategy.ts";
import { archiveStrategy } from "../../services/strategies/archiveStrategy.ts";
import { RETENTION_MS, visibleStrategy } from "../../services/strategies/visibility.ts";
import { isoSeconds } from "../../services/_internal/isoSeconds.ts";
import { IsoDateSchema } from "../../schemas/premade.ts";
import { addTool } from "../_internal/addTool.ts";
import { strategyIdField, userStrategyIdField } from "../_internal/fields.ts";
import { isPremadeId } from "../_internal/isPremadeId.ts";
import { strategyHint } from "../_internal/strategyHint.ts";
import type { ToolEnv, ToolGroup } from "../_internal/ToolEnv.ts";

const STATUS = "status: 0 not submitted, 1 to 99 building (percent), 100 built, -1 failed, -2 failed permanently";

/**
 * The strategy tools (the endpoints of docs/parity.md#user-strategy-endpoints as MCP tools): `list_strategies`, `create_strategy`,
 * `submit_strategy`, `get_strategy`, `update_strategy`, `delete_strategy`. Same services and ownership rules as
 * `routes/strategies.ts` (v1 shape); `get_strategy` also accepts a premade strategy id.
 */
export const registerStrategyTools: ToolGroup = (server, env) => {
  const { ctx, caller } = env;

  addTool(
    server,
    env,
    "list_strategies",
    {
      title: "List strategies",
      description:
        "List investment strategies. scope=user (default): your own; public: the public catalog of built strategies; all: both. " +
        `Each has id, name, objective, exclusions and ${STATUS}. Premade strategies are listed by list_premade_strategies instead.`,
      inputSchema: { scope: ScopeQuery.shape.scope.describe("user (your own, default), public (the catalog) or all") },
      outputSchema: { strategies: z.array(StrategyV1Schema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ scope }) => ({
      result: { strategies: listStrategies(ctx, caller, scope).map((s) => presentStrategyV1(ctx, s)) },
    }),
  );

  addTool(
    server,
    env,
    "create_strategy",
    {
      title: "Create a strategy",
      description:
        "Create a private investment strategy from a natural-language objective (the theme to invest in) and optional exclusions " +
        "(phrases naming companies or activities to leave out). It starts unbuilt (status 0): call submit_strategy to build it, " +
        "then poll get_strategy until status is 100.",
      inputSchema: {
        name: CreateStrategyBody.shape.name.describe("Short name, 1 to 200 characters"),
        objective: CreateStrategyBody.shape.objective.describe(
          "The investment theme in plain language, e.g. 'companies building quantum computers'",
        ),
        exclusions: CreateStrategyBody.shape.exclusions.describe(
          "Optional phrases to exclude, e.g. ['Exclude tobacco companies']",
        ),
      },
      outputSchema: StrategyV1Schema.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args) => {
      const s = presentStrategyV1(ctx, createStrategy(ctx, caller, args));
      return { result: s, hint: strategyHint(s) };
    },
  );

  addTool(
    server,
    env,
    "submit_strategy",
    {
      title: "Submit (build) a strategy",
      description:
        "Start building one of your strategies from its current objective and exclusions (the build is asynchronous). " +
        "Afterwards poll get_strategy until status is 100 (or negative: failed). With asOfDate (a past date) it builds a historical run " +
        "instead: the selection and scoring as of that date (read it with get_strategy_historical_data). Fails with 423 while an earlier " +
        "build of the same strategy is still running, 403 for someone else's strategy, 404 for an unknown id.",
      inputSchema: {
        strategyId: userStrategyIdField,
        asOfDate: IsoDateSchema.optional().describe(
          "A past date YYYY-MM-DD for a historical run (default: a live run as of today)",
        ),
        createFactsheet: z
          .boolean()
          .optional()
          .describe("Also generate the run's factsheet (see get_strategy_factsheet); default false"),
      },
      outputSchema: StrategyV1Schema.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ strategyId, asOfDate, createFactsheet }) => {
      rejectPremade(env, strategyId);
      const s = presentStrategyV1(
        ctx,
        submitStrategy(ctx, caller, strategyId, { asOfDate, createFactsheet, alwaysRun: true }).strategy,
      );
      return {
        result: s,
        hint:
          asOfDate === undefined
            ? strategyHint(s)
            : `Historical run as of ${asOfDate} started: call get_strategy_historical_data with that date in a few seconds.`,
      };
    },
  );

  addTool(
    server,
    env,
    "get_strategy",
    {
      title: "Get a strategy",
      description:
        `Get one strategy (yours, a public one, or a premade one) with its ${STATUS}; poll this after submit_strategy until status ` +
        "is 100. A built strategy has a performance series (NAV from 10000).",
      inputSchema: { strategyId: strategyIdField },
      outputSchema: StrategyV1Schema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ strategyId }) => {
      const s = isPremadeId(ctx, strategyId)
        ? presentPremade(ctx, findPremade(ctx, strategyId))
        : presentStrategyV1(ctx, visibleStrategy(ctx, caller, strategyId, "exclude"));
      return { result: s, hint: strategyHint(s) };
    },
  );

  addTool(
    server,
    env,
    "update_strategy",
    {
      title: "Update a strategy",
      description:
        "Change the name, objective and/or exclusions of one of your strategies (at least one). Changing the objective or " +
        "exclusions does not rebuild it: call submit_strategy afterwards. 403 for someone else's strategy.",
      inputSchema: {
        strategyId: userStrategyIdField,
        name: PatchStrategyBody.shape.name.describe("New name, 1 to 200 characters (omit to keep)"),
        objective: PatchStrategyBody.shape.objective.describe(
          "New objective in plain language (omit to keep); resubmit to rebuild",
        ),
        exclusions: PatchStrategyBody.shape.exclusions.describe(
          "New exclusions (replace the current ones; [] removes all)",
        ),
      },
      outputSchema: StrategyV1Schema.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ strategyId, ...patch }) => {
      rejectPremade(env, strategyId);
      const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length === 0)
        throw new ApiError(400, "at least 1 of name, objective, exclusions is required");
      const s = presentStrategyV1(ctx, updateStrategy(ctx, caller, strategyId, changes));
      return {
        result: s,
        hint:
          s.status === 100 || s.status < 0
            ? "Saved. Call submit_strategy to rebuild with the new objective or exclusions."
            : strategyHint(s),
      };
    },
  );

  addTool(
    server,
    env,
    "delete_strategy",
    {
      title: "Delete a strategy",
      description:
        "Delete one of your strategies (premade strategies cannot be deleted). It is archived: hidden from lists and reads, restorable " +
        "for 30 days (POST /v2/strategies/{id}/revive), then permanently deleted. 403 for someone else's strategy.",
      inputSchema: { strategyId: userStrategyIdField },
      outputSchema: { id: z.string(), archived_at: z.string(), permanent_delete_at: z.string() },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ strategyId }) => {
      rejectPremade(env, strategyId);
      const s = archiveStrategy(ctx, caller, strategyId, "exclude");
      const archivedAt = s.archivedAt ?? ctx.clock.now();
      return {
        result: {
          id: s.id,
          archived_at: isoSeconds(archivedAt),
          permanent_delete_at: isoSeconds(archivedAt + RETENTION_MS),
        },
        hint: "Deleted (archived): restorable for 30 days.",
      };
    },
  );
};

function rejectPremade(env: ToolEnv, strategyId: string): void {
  if (isPremadeId(env.ctx, strategyId)) {
    throw new ApiError(
      403,
      `strategy ${strategyId} is a premade strategy (read-only); create_strategy with its objective to make your own copy`,
    );
  }
}
