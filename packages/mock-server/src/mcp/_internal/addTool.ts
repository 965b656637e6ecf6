import type { McpServer, ToolCallback } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ShapeOutput, ZodRawShapeCompat } from "@modelcontextprotocol/sdk/server/zod-compat.js";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { ToolEnv } from "./ToolEnv.ts";
import { toolError } from "./toolError.ts";

/** Declaration of one tool: zod input (and output) shapes and text an agent can act on. */
export interface ToolSpec<In extends ZodRawShapeCompat> {
  title: string;
  description: string;
  inputSchema: In;
  /** Shape of `structuredContent` (an object); the SDK advertises it and clients validate against it. */
  outputSchema: ZodRawShapeCompat;
  annotations: ToolAnnotations;
}

/** What a tool body returns: the structured result and, optionally, a next-step hint for the agent. */
export interface ToolOutput {
  result: Record<string, unknown>;
  hint?: string | undefined;
}

/**
 * Registers `name` on `server`. The body runs with the validated arguments (the SDK validates them
 * against `inputSchema` first; a failure is a tool error naming the field) and calls the same
 * services as the REST routes. Its result is returned twice, as the MCP spec recommends:
 * `structuredContent` and a text block with the same JSON (plus a second text block for the hint).
 * Anything it throws becomes a tool error via {@link toolError}, never a transport error.
 *
 * @example
 * addTool(server, env, "list_portfolios", spec, () => ({ result: { portfolios: [] } }));
 */
export function addTool<In extends ZodRawShapeCompat>(
  server: McpServer,
  env: ToolEnv,
  name: string,
  spec: ToolSpec<In>,
  body: (args: ShapeOutput<In>) => ToolOutput | Promise<ToolOutput>,
): void {
  const handler = async (args: ShapeOutput<In>): Promise<CallToolResult> => {
    try {
      const { result, hint } = await body(args);
      const content: CallToolResult["content"] = [{ type: "text", text: JSON.stringify(result) }];
      if (hint !== undefined) content.push({ type: "text", text: hint });
      return { content, structuredContent: result };
    } catch (error) {
      return toolError(error, env.ctx.log);
    }
  };
  server.registerTool(name, spec, handler as unknown as ToolCallback<In>);
}
