import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  ErrorCode,
  GetTaskPayloadRequestSchema,
  McpError,
  RELATED_TASK_META_KEY,
  type ServerResult,
} from "@modelcontextprotocol/sdk/types.js";
import { taskStoreFor } from "./CallerTaskStore.ts";
import { isApiError } from "../../errors/ApiError.ts";
import { NOT_RUN_CODE } from "./paceMessages.ts";
import type { ToolEnv } from "./ToolEnv.ts";

/**
 * Answers `tasks/result` (MCP 2025-11-25, "Tasks") from the caller's task store, in place of the
 * SDK's handler, which polls the task until it finishes and only stops when the MCP server is
 * closed. Here the wait is the store's ({@link CallerTaskStore.waitUntilFinished}): it is
 * counted and capped per caller, ends at once when the client leaves (the request's signal) or
 * cancels the call (`notifications/cancelled`), and reads the task every poll interval meanwhile.
 * A finished task is answered at once with its result, under `_meta` the related task, as the SDK
 * does. Errors: an unknown task (or one that expired while waited for) is -32602; a wait refused
 * by the cap is {@link NOT_RUN_CODE} naming the rule; a cancelled one is {@link NOT_RUN_CODE} too
 * (the client ignores it, but the HTTP request needs its answer).
 *
 * Call once per server, after the SDK has installed its task handlers (its constructor does).
 * @example
 * serveTaskResults(server, env);
 */
export function serveTaskResults(server: McpServer, { ctx, caller }: ToolEnv): void {
  const store = taskStoreFor(ctx, caller);
  server.server.setRequestHandler(GetTaskPayloadRequestSchema, async (request, extra) => {
    const { taskId } = request.params;
    const notFound = () => new McpError(ErrorCode.InvalidParams, `Task not found: ${taskId}`);
    if ((await store.getTask(taskId)) === null) throw notFound();
    try {
      await store.waitUntilFinished(taskId, extra.requestId, [extra.signal]);
    } catch (error) {
      if (!isApiError(error)) throw error;
      throw new McpError(NOT_RUN_CODE, error.status === 429 ? `not run: ${error.message}` : error.message);
    }
    if ((await store.getTask(taskId)) === null) throw notFound();
    const result = await store.getTaskResult(taskId);
    return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: { taskId } } } as ServerResult;
  });
}
