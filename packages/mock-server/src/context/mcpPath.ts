/**
 * Where the MCP server is mounted (docs/parity.md#what-the-service-does, #authentication): the MCP routes serve it, the auth
 * middleware points a 401 there at its OAuth metadata, the OAuth routes name it as the protected
 * resource and the proxy keeps it local.
 *
 * @example
 * `${origin}${MCP_PATH}` // => "http://localhost:4010/v1/mcp"
 */
export const MCP_PATH = "/v1/mcp";
