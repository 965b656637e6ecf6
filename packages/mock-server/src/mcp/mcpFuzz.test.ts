// Property: whatever arguments an agent sends to whichever tool, the answer is a tool result
// (success or isError with a status-prefixed or SDK validation message), never a JSON-RPC error,
// an HTTP 5xx, or an unexpected error in the log.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeMock } from "../_test/makeMock.ts";
import { id, keys } from "../_test/testUniverse.ts";

const lines: string[] = [];
// Builds finish at once: build_strategy called without a task waits for its build (on the manual clock, forever otherwise).
const m = makeMock({ quiet: true, buildDurationMs: 0, log: (l) => lines.push(l) });

async function rpc(
  method: string,
  params: unknown,
): Promise<{
  status: number;
  body: { result?: { isError?: boolean; content: Array<{ text: string }> }; error?: unknown };
}> {
  const r = await m.app.request("/v1/mcp", {
    method: "POST",
    headers: {
      Authorization: `Bearer ${keys.alice}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return { status: r.status, body: r.status === 200 ? await r.json() : {} };
}

describe("MCP tools under random arguments", () => {
  it("always answer with a tool result, never a protocol error, a 5xx or an unexpected error", async () => {
    const listed = await rpc("tools/list", {});
    const tools = (
      listed.body.result as unknown as {
        tools: Array<{ name: string; inputSchema: { properties?: Record<string, unknown> } }>;
      }
    ).tools;
    expect(tools.length).toBe(23);
    const ids = [
      id("alice-quantum"),
      id("bob-water"),
      id("bob-private"),
      id("premade-quantum"),
      id("qbit"),
      id("bank"),
      "00000000-0000-4000-8000-000000000000",
    ];
    const value = fc.oneof(
      fc.constantFrom(...ids),
      fc.string({ maxLength: 12 }),
      fc.double(),
      fc.integer({ min: -5, max: 30 }),
      fc.boolean(),
      fc.constant(null),
      fc.array(
        fc.oneof(
          fc.constantFrom(...ids),
          fc.record(
            {
              companyId: fc.constantFrom(...ids),
              org_id: fc.constantFrom(...ids),
              weight: fc.double({ min: -1, max: 2 }),
            },
            { requiredKeys: [] },
          ),
        ),
        { maxLength: 3 },
      ),
      fc.constantFrom("convictionScore", "all", "SPY", "Qubit"),
    );
    const call = fc.constantFrom(...tools).chain((t) =>
      fc.tuple(
        fc.constant(t.name),
        fc.dictionary(fc.constantFrom(...Object.keys(t.inputSchema.properties ?? {}), "extra"), value, {
          maxKeys: 6,
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(call, async ([name, args]) => {
        const r = await rpc("tools/call", { name, arguments: args });
        expect(r.status, `${name} ${JSON.stringify(args)}`).toBe(200);
        expect(r.body.error, `${name} ${JSON.stringify(args)}`).toBeUndefined();
        const result = r.body.result!;
        if (result.isError === true)
          expect(result.content[0]?.text).toMatch(/^(\d{3} [A-Za-z ]+: |MCP error -32602: Input validation error)/);
      }),
      { numRuns: 300 },
    );
    expect(lines.filter((l) => l.includes("unexpected error"))).toEqual([]);
  });
});
