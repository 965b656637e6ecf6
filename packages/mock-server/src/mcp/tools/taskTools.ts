import { z } from "zod";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ApiError } from "../../errors/ApiError.ts";
import { presentStrategyV1 } from "../../services/presenters/presentStrategyV1.ts";
import { submitStrategy } from "../../services/strategies/submitStrategy.ts";
import { visibleStrategy } from "../../services/strategies/visibility.ts";
import { StrategyV1Schema } from "../../schemas/strategy.ts";
import { taskStoreFor, type TaskProgress } from "../_internal/CallerTaskStore.ts";
import { userStrategyIdField } from "../_internal/fields.ts";
import { isPremadeId } from "../_internal/isPremadeId.ts";
import { strategyHint } from "../_internal/strategyHint.ts";
import { toolError } from "../_internal/toolError.ts";
import type { ToolGroup } from "../_internal/ToolEnv.ts";

/**
 * The long-running tools (MCP specification 2025-11-25, "Tasks"; the SDK's experimental task
 * API): `build_strategy` submits a strategy and finishes when its build does. Called with a
 * `task` (task-augmented `tools/call`), it answers at once with a task in status `working`
 * (`statusMessage` "building: N% done"); the client polls `tasks/get` and reads the built strategy
 * with `tasks/result`, or stops it with `tasks/cancel` (which stops the waiting, not the build).
 * Called without a task it waits for the build and answers the result, as a plain tool would.
 * A build that fails ends the task `failed` with the tool error a REST client would see.
 */
export const registerTaskTools: ToolGroup = (server, env) => {
  const { ctx, caller } = env;
  server.experimental.tasks.registerToolTask(
    "build_strategy",
    {
      title: "Build a strategy and wait for it (long-running task)",
      description:
        "Submit one of your strategies and finish when its build does (a few seconds on the mock), answering the built strategy. " +
        "A long-running task: call it with a task (task-augmented tools/call) to get a task id at once, then poll tasks/get " +
        "(statusMessage says how far the build is) and read the result with tasks/result; without a task the call waits. " +
        "The same errors as submit_strategy: 423 while an earlier build runs, 403 for someone else's or a premade strategy, 404 for an unknown id.",
      inputSchema: {
        strategyId: userStrategyIdField,
        createFactsheet: z.boolean().optional().describe("Also generate the run's factsheet (see get_strategy_factsheet); default false"),
      },
      outputSchema: StrategyV1Schema.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      execution: { taskSupport: "optional" },
    },
    {
      createTask: async ({ strategyId, createFactsheet }, extra) => {
        const task = await extra.taskStore.createTask({ ttl: extra.taskRequestedTtl ?? null });
        let source: () => TaskProgress;
        try {
          if (isPremadeId(ctx, strategyId)) throw new ApiError(403, `strategy ${strategyId} is a premade strategy (read-only); create_strategy with its objective to make your own copy`);
          submitStrategy(ctx, caller, strategyId, { createFactsheet, alwaysRun: true });
          source = () => buildProgress(strategyId);
        } catch (error) {
          const failed = toolError(error, ctx.log);
          source = () => ({ status: "failed", result: failed });
        }
        taskStoreFor(ctx, caller).follow(task.taskId, source);
        return { task };
      },
      getTask: async (_args, extra) => {
        const task = await extra.taskStore.getTask(extra.taskId);
        if (task === null) throw new Error(`task ${extra.taskId} not found`);
        return task;
      },
      getTaskResult: async (_args, extra) => (await extra.taskStore.getTaskResult(extra.taskId)) as CallToolResult,
    },
  );

  /** The build of `strategyId` as the caller sees it now (the mock's clock decides how far it is). */
  function buildProgress(strategyId: string): TaskProgress {
    try {
      const strategy = presentStrategyV1(ctx, visibleStrategy(ctx, caller, strategyId, "exclude"));
      if (strategy.status === 100) {
        return { status: "completed", result: { content: [{ type: "text", text: JSON.stringify(strategy) }, { type: "text", text: strategyHint(strategy) }], structuredContent: strategy } };
      }
      if (strategy.status < 0) return { status: "failed", result: toolError(new ApiError(422, `the build of strategy ${strategyId} failed (status ${strategy.status}). ${strategyHint(strategy)}`), ctx.log) };
      return { status: "working", message: `building: ${strategy.status}% done` };
    } catch (error) {
      return { status: "failed", result: toolError(error, ctx.log) };
    }
  }
};
