import type { Caller, ServiceContext } from "../context/ServiceContext.ts";
import { LIMITS } from "../schemas/limits.ts";
import { taskStoreFor } from "./_internal/CallerTaskStore.ts";
import { checkRequests } from "./_internal/checkRequests.ts";
import { paceMessages } from "./_internal/paceMessages.ts";
import { createMcpServer } from "./createMcpServer.ts";
import { TASK_TOOL_INPUTS } from "./tools/taskTools.ts";

/**
 * The MCP SDK's server and transport, imported on the first MCP request. A dynamic import of a
 * package stays one in the CLI bundle (a static one is hoisted to the bundle's top and loads the
 * SDK, with ajv and its other dependencies, on every start: a quarter of a second at load).
 */
const sdk = () =>
  Promise.all([
    import("@modelcontextprotocol/sdk/server/mcp.js"),
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
  ]);

/**
 * Answers one MCP Streamable HTTP POST (a JSON-RPC message or batch) for `caller`, statelessly: a
 * new server and transport for this request only (no `Mcp-Session-Id`; every request stands
 * alone, as the SDK requires of a stateless transport), JSON responses rather than an SSE stream
 * (the tools are synchronous, and msw and proxies handle a plain JSON body best), both closed
 * once the response is built. The calls of a batch run one at a time with a turn of the event
 * loop between two, stop when the client leaves, and stop once the answers reach
 * `LIMITS.MCP_ANSWER_MAX_BYTES` (`paceMessages`). Protocol errors (bad JSON-RPC, a missing
 * `Accept`) get the SDK's JSON-RPC error responses, params that do not fit their method -32602
 * naming the field (`checkRequests`); tool failures are tool results with `isError`.
 * When the client leaves (the request's signal aborts), the server is closed at once, not when
 * the answers are ready: that aborts every handler's signal, so the calls that wait for a task
 * (`tasks/result`, `build_strategy` without a task) stop polling and let go of the server; the
 * answer then is a 499 nobody reads.
 *
 * @param request a Fetch-API request whose body the transport reads (up to 4 MiB)
 * @example
 * (await handleMcpRequest(ctx, caller, initializeRequest)).status // => 200
 */
export async function handleMcpRequest(ctx: ServiceContext, caller: Caller, request: Request): Promise<Response> {
  const [{ McpServer }, { WebStandardStreamableHTTPServerTransport }] = await sdk();
  const server = createMcpServer(McpServer, ctx, caller, request.signal);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  let onAbort: (() => void) | undefined;
  try {
    await server.connect(transport);
    const waiters = taskStoreFor(ctx, caller).waiters;
    checkRequests(transport, { taskTools: TASK_TOOL_INPUTS, cancel: (id) => waiters.cancel(id) });
    paceMessages(transport, { maxAnswerBytes: LIMITS.MCP_ANSWER_MAX_BYTES, signal: request.signal });
    const left = new Promise<Response>((resolve) => {
      onAbort = () => resolve(new Response(null, { status: 499 }));
      if (request.signal.aborted) onAbort();
      else request.signal.addEventListener("abort", onAbort, { once: true });
    });
    return await Promise.race([transport.handleRequest(request), left]);
  } finally {
    if (onAbort !== undefined) request.signal.removeEventListener("abort", onAbort);
    await server.close();
  }
}
