import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  CancelledNotificationSchema,
  CancelTaskRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  InitializeRequestSchema,
  ListPromptsRequestSchema,
  ListTasksRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { formatZodError } from "../../errors/formatZodError.ts";

/** Options of {@link checkRequests}. */
export interface CheckOptions {
  /** The arguments of each tool that runs as a task, by name (the only tools a task-augmented `tools/call` may name). */
  taskTools: Readonly<Record<string, z.ZodRawShape>>;
  /** Ends the caller's calls waiting under this request id (an MCP `notifications/cancelled`). */
  cancel(requestId: RequestId): void;
}

/** The request of each method the MCP server answers, as the SDK validates it (its handlers' schemas). */
const REQUESTS: Readonly<Record<string, z.ZodType>> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  "tools/list": ListToolsRequestSchema,
  "tools/call": CallToolRequestSchema,
  "prompts/list": ListPromptsRequestSchema,
  "prompts/get": GetPromptRequestSchema,
  "tasks/get": GetTaskRequestSchema,
  "tasks/result": GetTaskPayloadRequestSchema,
  "tasks/list": ListTasksRequestSchema,
  "tasks/cancel": CancelTaskRequestSchema,
};

/**
 * Answers, before the SDK sees them, the JSON-RPC requests it would answer badly, with the
 * error the MCP specification (2025-11-25) asks for and a message naming the field and the rule:
 *
 * - params that do not fit the method (`tools/call` with `arguments: "x"`, `tasks/get` with
 *   `taskId: 5`): -32602 "Invalid params of tasks/get: params.taskId: Invalid input: expected
 *   string, received number" (the SDK answered -32603 "internal error" with zod's issue dump);
 * - a task-augmented `tools/call` (`params.task`) of a tool that does not run as a task: -32601
 *   (the specification's answer; the SDK ran the tool, then answered -32602 with a dump);
 * - a task-augmented `tools/call` of a task tool with bad arguments: -32602 "Invalid arguments for
 *   tool build_strategy: strategyId: …" (such a call must answer a task or a JSON-RPC error; a
 *   plain `tools/call` keeps the SDK's answer, a tool result with `isError` naming the argument
 *   and the rule, as SEP-1303 asks).
 *
 * It also takes `notifications/cancelled` from the SDK: the server is stateless, so the call
 * it names usually runs in another HTTP request, out of the SDK's reach; `options.cancel` ends it
 * there if it is waiting (for a task or a build; the other tools answer at once). Other messages
 * pass through.
 *
 * Wraps the transport's `onmessage`: call it after `server.connect`, before `paceMessages`
 * (so its answers go through the pacing's `send`). Cost: one schema parse per request.
 * @throws Error when the transport has no `onmessage` yet (not connected)
 * @example
 * await server.connect(transport);
 * checkRequests(transport, { taskTools: TASK_TOOL_INPUTS, cancel: (id) => store.waiters.cancel(id) });
 */
export function checkRequests(transport: Transport, options: CheckOptions): void {
  const deliver = transport.onmessage;
  if (deliver === undefined) throw new Error("checkRequests: connect the server to the transport first");
  transport.onmessage = (message, extra) => {
    if (isNotification(message, "notifications/cancelled")) {
      const cancelled = CancelledNotificationSchema.safeParse(message);
      if (cancelled.success && cancelled.data.params.requestId !== undefined)
        options.cancel(cancelled.data.params.requestId);
      return;
    }
    const refusal = isRequest(message) ? check(message, options) : undefined;
    if (refusal === undefined) {
      deliver(message, extra);
      return;
    }
    void transport.send({ jsonrpc: "2.0", id: (message as JSONRPCRequest).id, error: refusal }).catch(() => undefined);
  };
}

/** The JSON-RPC error `request` gets instead of reaching the SDK, or undefined when it may. */
function check(request: JSONRPCRequest, options: CheckOptions): { code: number; message: string } | undefined {
  const schema = REQUESTS[request.method];
  if (schema === undefined) return undefined; // the SDK answers -32601 itself
  const parsed = schema.safeParse(request);
  if (!parsed.success)
    return {
      code: ErrorCode.InvalidParams,
      message: `Invalid params of ${request.method}: ${formatZodError(parsed.error)}`,
    };
  if (request.method !== "tools/call" || request.params?.task === undefined) return undefined;
  const name = String(request.params.name);
  const shape = Object.hasOwn(options.taskTools, name) ? options.taskTools[name] : undefined;
  if (shape === undefined) {
    const names = Object.keys(options.taskTools).join(", ");
    return {
      code: ErrorCode.MethodNotFound,
      message: `tool ${name} does not run as a task (only ${names} does; the others' execution.taskSupport is "forbidden"): call it without params.task`,
    };
  }
  const args = z.object(shape).safeParse(request.params.arguments ?? {});
  if (!args.success)
    return {
      code: ErrorCode.InvalidParams,
      message: `Invalid arguments for tool ${name}: ${formatZodError(args.error)}`,
    };
  return undefined;
}

/** A JSON-RPC request (it has a method and an id). */
function isRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return "method" in message && "id" in message;
}

/** A JSON-RPC notification of `method` (a method and no id). */
function isNotification(message: JSONRPCMessage, method: string): boolean {
  return "method" in message && !("id" in message) && message.method === method;
}
