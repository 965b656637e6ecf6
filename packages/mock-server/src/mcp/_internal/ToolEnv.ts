import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Caller, ServiceContext } from "../../context/ServiceContext.ts";

/** What every tool handler works with: the app's service context and the authenticated caller of the HTTP request. */
export interface ToolEnv {
  readonly ctx: ServiceContext;
  readonly caller: Caller;
  /** The HTTP request's signal, aborted when its client leaves (the optimizer tools drop their solve then). */
  readonly signal?: AbortSignal;
}

/** Registers one area's tools on a per-request MCP server (see `tools/*.ts`). */
export type ToolGroup = (server: McpServer, env: ToolEnv) => void;
