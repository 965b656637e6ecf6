import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { toErrorResponse } from "../../errors/toErrorResponse.ts";

const REASONS: Record<number, string> = {
  202: "Not Ready",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable",
  423: "Locked",
  429: "Too Many Requests",
  499: "Client Closed Request",
  500: "Internal Error",
};

/**
 * A tool error result (`isError: true`) for anything a tool handler threw, mapped exactly as the
 * REST routes map it (`errors/toErrorResponse.ts`): the text is `<status> <reason>: <message>`, e.g.
 * `404 Not Found: strategy 1b4e… not found` or `423 Locked: strategy … is still building; …`, so an
 * agent sees the same status and message a REST client would. Unexpected errors (500) are logged.
 *
 * @param error whatever the handler threw (ApiError, EngineError, ZodError, …)
 * @param log the app's log sink (for unexpected errors only)
 * @example
 * toolError(new ApiError(404, "strategy x not found"), log).content[0].text // => "404 Not Found: strategy x not found"
 */
export function toolError(error: unknown, log: (line: string) => void): CallToolResult {
  return { isError: true, content: [{ type: "text", text: toolErrorText(error, log) }] };
}

/**
 * The text of {@link toolError}: `<status> <reason>: <message>`. For a tool handler that must throw
 * (the SDK makes a thrown error's message the tool error's text).
 *
 * @example
 * toolErrorText(new ApiError(429, "too many"), log) // => "429 Too Many Requests: too many"
 */
export function toolErrorText(error: unknown, log: (line: string) => void): string {
  const response = toErrorResponse(error, (e) =>
    log(`[thematic-mock] unexpected error in an MCP tool: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
  );
  const reason = REASONS[response.status] ?? "Error";
  return `${response.status} ${reason}: ${response.body.error}`;
}
