import { z } from "zod";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ApiError, isApiError } from "../../errors/ApiError.ts";
import { presentStrategyV1 } from "../../services/presenters/presentStrategyV1.ts";
import { submitStrategy } from "../../services/strategies/submitStrategy.ts";
import { visibleStrategy } from "../../services/strategies/visibility.ts";
import { StrategyV1Schema } from "../../schemas/strategy.ts";
import { MAX_WAITING_CALLS_PER_CALLER, taskStoreFor, type TaskProgress } from "../_internal/CallerTaskStore.ts";
import { userStrategyIdField } from "../_internal/fields.ts";
import { isPremadeId } from "../_internal/isPremadeId.ts";
import { strategyHint } from "../_internal/strategyHint.ts";
import { toolError, toolErrorText } from "../_internal/toolError.ts";
import type { ToolGroup } from "../_internal/ToolEnv.ts";

/**
 * The arguments of each tool that runs as a task (`execution.taskSupport` "optional"), by name:
 * the tools a task-augmented `tools/call` may name, and what its arguments must be
 * (`_internal/checkRequests.ts` answers the others before the SDK sees them).
 */
export const TASK_TOOL_INPUTS = {
  build_strategy: {
    strategyId: userStrategyIdField,
    createFactsheet: z
      .boolean()
      .optional()
      .describe("Also generate the run's factsheet (see get_strategy_factsheet); default false"),
  },
} as const;

/**
 * The long-running tools (MCP specification 2025-11-25, "Tasks"; the SDK's experimental task
 * API): `build_strategy` submits a strategy and finishes when its build does. Called with a
 * `task` (task-augmented `tools/call`), it answers at once with a task in status `working`
 * (`statusMessage` "building: N% done"); the client polls `tasks/get` and reads the built strategy
 * with `tasks/result`, or stops it with `tasks/cancel` (which stops the waiting, not the build).
 * Called without a task it waits for the build and answers the result, as a plain tool would:
 * the wait is the caller's store's (`CallerTaskStore.waitUntilFinished`), so it stops, and its
 * task is forgotten, as soon as the client leaves or cancels the call, and at most
 * {@link MAX_WAITING_CALLS_PER_CALLER} such waits (and `tasks/result`) run at once per caller.
 * A build that fails ends the task `failed` with the tool error a REST client would see, in its
 * result and its status message.
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
      inputSchema: TASK_TOOL_INPUTS.build_strategy,
      outputSchema: StrategyV1Schema.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      execution: { taskSupport: "optional" },
    },
    {
      createTask: async ({ strategyId, createFactsheet }, extra) => {
        const store = taskStoreFor(ctx, caller);
        const task = await extra.taskStore.createTask({ ttl: extra.taskRequestedTtl ?? null });
        const waits = store.isAwaitedByCreator(task.taskId);
        if (waits && store.waiters.size >= MAX_WAITING_CALLS_PER_CALLER) {
          store.forget(task.taskId); // refused before the build starts
          throw waitEndedError(
            new ApiError(
              429,
              `${store.waiters.size} of your calls already wait for a task or a build, the most at once: call build_strategy with a task and poll tasks/get, or wait for one of them to end`,
            ),
          );
        }
        if (task.status === "working") store.follow(task.taskId, startBuild(strategyId, createFactsheet));
        if (waits) {
          try {
            await store.waitUntilFinished(task.taskId, extra.requestId, [extra.signal]);
          } catch (error) {
            store.forget(task.taskId); // nobody else knows this task: the build goes on, the waiting stops
            throw isApiError(error) ? waitEndedError(error) : error;
          }
        }
        return { task: (await store.getTask(task.taskId)) ?? task };
      },
      getTask: async (_args, extra) => {
        const task = await extra.taskStore.getTask(extra.taskId);
        if (task === null) throw new Error(`task ${extra.taskId} not found`);
        return task;
      },
      getTaskResult: async (_args, extra) => (await extra.taskStore.getTaskResult(extra.taskId)) as CallToolResult,
    },
  );

  /** Submits `strategyId` and answers the source of its task: the build's progress, or the failure that kept it from starting. */
  function startBuild(strategyId: string, createFactsheet: boolean | undefined): () => TaskProgress {
    try {
      if (isPremadeId(ctx, strategyId))
        throw new ApiError(
          403,
          `strategy ${strategyId} is a premade strategy (read-only); create_strategy with its objective to make your own copy`,
        );
      submitStrategy(ctx, caller, strategyId, { createFactsheet, alwaysRun: true });
      return () => buildProgress(strategyId);
    } catch (error) {
      const failed = toolError(error, ctx.log);
      return () => ({ status: "failed", result: failed });
    }
  }

  /**
   * The error a waiting build_strategy throws when its wait is refused (429) or ends early (499):
   * the SDK makes a thrown error's message the tool error's text, so it is the text a tool error
   * of that status has.
   */
  function waitEndedError(ended: ApiError): Error {
    const message =
      ended.status === 429 ? ended.message : `${ended.message}; the build goes on: follow it with get_strategy`;
    return new Error(toolErrorText(new ApiError(ended.status, message), ctx.log));
  }

  /** The build of `strategyId` as the caller sees it now (the mock's clock decides how far it is). */
  function buildProgress(strategyId: string): TaskProgress {
    try {
      const strategy = presentStrategyV1(ctx, visibleStrategy(ctx, caller, strategyId, "exclude"));
      if (strategy.status === 100) {
        const result = {
          content: [
            { type: "text", text: JSON.stringify(strategy) },
            { type: "text", text: strategyHint(strategy) },
          ],
          structuredContent: strategy,
        };
        return {
          status: "completed",
          result,
          message: `completed: strategy ${strategyId} is built (status 100); read it with tasks/result`,
        };
      }
      if (strategy.status < 0)
        return {
          status: "failed",
          result: toolError(
            new ApiError(
              422,
              `the build of strategy ${strategyId} failed (status ${strategy.status}). ${strategyHint(strategy)}`,
            ),
            ctx.log,
          ),
        };
      return { status: "working", message: `building: ${strategy.status}% done` };
    } catch (error) {
      return { status: "failed", result: toolError(error, ctx.log) };
    }
  }
};
