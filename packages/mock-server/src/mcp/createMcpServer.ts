import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Caller, ServiceContext } from "../context/ServiceContext.ts";
import { taskStoreFor } from "./_internal/CallerTaskStore.ts";
import { serveTaskResults } from "./_internal/serveTaskResults.ts";
import type { ToolGroup } from "./_internal/ToolEnv.ts";
import { registerPrompts } from "./prompts/registerPrompts.ts";
import { registerAnalyticsTools } from "./tools/analyticsTools.ts";
import { registerBacktestTools } from "./tools/backtestTools.ts";
import { registerCompanySearchTools } from "./tools/companySearchTools.ts";
import { registerObjectiveTools } from "./tools/objectiveTools.ts";
import { registerOptimizeTools } from "./tools/optimizeTools.ts";
import { registerPortfolioTools } from "./tools/portfolioTools.ts";
import { registerPremadeTools } from "./tools/premadeTools.ts";
import { registerStrategyCompanyTools } from "./tools/strategyCompanyTools.ts";
import { registerStrategyTools } from "./tools/strategyTools.ts";
import { registerTaskTools } from "./tools/taskTools.ts";

/** Name and version the MCP server reports at initialize. */
export const MCP_SERVER_INFO = { name: "thematic-mock", version: "0.1.0" } as const;

/** Every tool group, in `tools/list` order. */
const TOOL_GROUPS: readonly ToolGroup[] = [
  registerStrategyTools,
  registerStrategyCompanyTools,
  registerAnalyticsTools,
  registerPremadeTools,
  registerCompanySearchTools,
  registerObjectiveTools,
  registerOptimizeTools,
  registerBacktestTools,
  registerPortfolioTools,
  registerTaskTools,
];

const INSTRUCTIONS = [
  "Thematic-investing service (local mock). Typical flow: search_premade_strategies for an idea, inspect a match with",
  "get_strategy_companies, or create_strategy with your own objective and exclusions, submit_strategy, then poll get_strategy",
  "until status is 100 (1 to 99 means building; negative means failed), or build_strategy, a long-running task that finishes",
  "with the build; then get_strategy_companies, weight them with",
  "optimize_strategy or optimized_portfolio, backtest, and save_portfolio. Errors come back as tool errors that start with the",
  "HTTP status the REST API would use (400 bad argument, 403 not yours, 404 unknown or invisible id, 423 still building).",
].join(" ");

/**
 * A fresh MCP server exposing the REST API as tools for one authenticated caller: every tool
 * calls the same services as the REST routes with `ctx` and `caller`, so data and ownership rules
 * are the REST API's. Built per HTTP request (stateless transport, see `handleMcpRequest`);
 * `signal` is that request's, so a solve whose client left is dropped as over REST. It also
 * offers prompts (`prompts/*`, see `prompts/registerPrompts.ts`) and tasks (`tasks/*`, the
 * caller's own {@link taskStoreFor} store, which outlives the request; `tasks/result` waits
 * through it, see `_internal/serveTaskResults.ts`).
 * Cost: O(number of tools) to register. `Server` is the SDK's `McpServer` class, passed in so that
 * the SDK is loaded only when a request needs it (see handleMcpRequest).
 *
 * @example
 * createMcpServer(McpServer, ctx, { userId }).isConnected() // => false
 */
export function createMcpServer(
  Server: typeof McpServer,
  ctx: ServiceContext,
  caller: Caller,
  signal?: AbortSignal,
): McpServer {
  const server = new Server(MCP_SERVER_INFO, {
    instructions: INSTRUCTIONS,
    capabilities: {
      tools: { listChanged: false },
      prompts: { listChanged: false },
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    },
    taskStore: taskStoreFor(ctx, caller),
  });
  const env = signal === undefined ? { ctx, caller } : { ctx, caller, signal };
  for (const register of TOOL_GROUPS) register(server, env);
  serveTaskResults(server, env);
  registerPrompts(server);
  return server;
}
