import { describe, expect, it, vi } from "vitest";
import type { SolverRunner } from "../services/optimize/SolverRunner.ts";
import { id, keys } from "../_test/testUniverse.ts";
import { startMcpMock } from "./_test/startMcpMock.ts";

describe("MCP optimizer tools", () => {
  it("drop their solve when the client of the HTTP request leaves, as the REST routes do", async () => {
    let seen: AbortSignal | undefined;
    const solver: SolverRunner = {
      run: (_job, _limit, signal) =>
        new Promise((_resolve, reject) => {
          seen = signal;
          signal?.addEventListener("abort", () => reject(new Error("stopped")));
        }),
      close: async () => {},
    };
    const mock = await startMcpMock({ solver });
    try {
      const client = new AbortController();
      const call = fetch(mock.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: `Bearer ${keys.alice}` },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "optimized_portfolio", arguments: { strategyId: id("premade-quantum"), maxWeight: 0.6 } } }),
        signal: client.signal,
      }).then(
        () => "answered",
        () => "left",
      );
      await vi.waitFor(() => expect(seen).toBeDefined());
      expect(seen!.aborted).toBe(false);
      client.abort();
      expect(await call).toBe("left");
      await vi.waitFor(() => expect(seen!.aborted).toBe(true));
    } finally {
      await mock.close();
    }
  });
});
