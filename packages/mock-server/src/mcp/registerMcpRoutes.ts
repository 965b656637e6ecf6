import type { RouteModule } from "../context/RouteModule.ts";
import { MCP_PATH } from "../context/mcpPath.ts";
import { ApiError } from "../errors/ApiError.ts";

/**
 * Mounts the MCP server (Streamable HTTP, stateless) at `/v1/mcp` in the app, so it is served
 * standalone and through msw alike. The app's bearer auth on `/v1/*` applies first (401 `{error}`
 * with `WWW-Authenticate: Bearer …`), and the authenticated caller reaches every tool. POST carries
 * JSON-RPC; GET (a server-to-client SSE stream) and DELETE (ending a session) are 405 with
 * `Allow: POST`, as the transport specification allows for a server without streams or sessions.
 * Not in the OpenAPI document (it is not a REST route). The MCP SDK is imported on the first
 * request, so the server starts without loading it.
 */
export const registerMcpRoutes: RouteModule = (app, ctx) => {
  app.post(MCP_PATH, async (c) => {
    const { handleMcpRequest } = await import("./handleMcpRequest.ts");
    return handleMcpRequest(ctx, c.var.caller, c.req.raw);
  });
  app.on(["GET", "DELETE", "PUT", "PATCH"], MCP_PATH, (c) => {
    throw new ApiError(
      405,
      `${c.req.method} ${MCP_PATH} is not supported: this MCP server is stateless (no SSE stream, no session); send JSON-RPC with POST`,
      {
        headers: { Allow: "POST" },
      },
    );
  });
};
