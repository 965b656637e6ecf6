import { describe, it } from "vitest";
import { expectLeavingStopsTheSolve, waitingSolver } from "../_test/waitingSolver.ts";
import { id, keys } from "../_test/testUniverse.ts";
import { startMcpMock } from "./_test/startMcpMock.ts";

describe("MCP optimizer tools", () => {
  it("drop their solve when the client of the HTTP request leaves, as the REST routes do", async () => {
    const { solver, signal: seen } = waitingSolver();
    const mock = await startMcpMock({ solver });
    try {
      await expectLeavingStopsTheSolve(seen, (signal) =>
        fetch(mock.url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: `Bearer ${keys.alice}` },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "optimized_portfolio", arguments: { strategyId: id("premade-quantum"), maxWeight: 0.6 } } }),
          signal,
        }),
      );
    } finally {
      await mock.close();
    }
  });
});
