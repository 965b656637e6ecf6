// Bad tool arguments sent to the MCP server: each answer names the argument and the rule.
import { describe, expect, it } from "vitest";
import { makeMock } from "../_test/makeMock.ts";
import { id, keys } from "../_test/testUniverse.ts";

interface Answer {
  result?: { isError?: boolean; content?: Array<{ text: string }>; task?: { status: string; statusMessage?: string } };
  error?: { code: number; message: string };
}

const mock = makeMock({ buildDurationMs: 0 });

async function rpc(method: string, params: unknown): Promise<Answer> {
  const response = await mock.app.request("/v1/mcp", {
    method: "POST",
    headers: { Authorization: `Bearer ${keys.alice}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

/** The text of a tool error (fails when the call is not one). */
async function toolErrorText(name: string, args: unknown): Promise<string> {
  const answer = await rpc("tools/call", { name, arguments: args });
  expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
  expect(answer.result?.isError).toBe(true);
  return answer.result?.content?.[0]?.text ?? "";
}

describe("MCP tool arguments", () => {
  it("a bad argument of a plain call is a tool error naming the argument and the rule, for every kind of tool", async () => {
    expect(await toolErrorText("get_strategy", { strategyId: 7 })).toMatch(/Invalid arguments for tool get_strategy: .*expected string, received number at strategyId/);
    expect(await toolErrorText("build_strategy", { strategyId: "nope" })).toMatch(/Invalid arguments for tool build_strategy: Invalid GUID: a strategy id is a uuid.* at strategyId/);
    expect(await toolErrorText("get_strategy_companies", { strategyId: id("premade-quantum"), scoringMinMarketCap: -1 })).toMatch(/scoringMinMarketCap/);
  });

  it("a ticker or a name sent as a company id is refused with a hint to find the id with search_companies", async () => {
    const hint = /Invalid GUID: a company id is a uuid such as [0-9a-f-]{36}, not a ticker or a name; find it with search_companies/;
    expect(await toolErrorText("get_strategy_company", { strategyId: id("premade-quantum"), companyId: "QBTS" })).toMatch(new RegExp(`${hint.source}.* at companyId`));
    expect(await toolErrorText("backtest", { holdings: [{ companyId: "NVDA", weight: 1 }] })).toMatch(new RegExp(`${hint.source}.* at holdings\\[0\\]\\.companyId`));
    expect(await toolErrorText("optimize_strategy", { strategyId: id("premade-quantum"), companyIds: [id("qbit"), "Qubit Labs"] })).toMatch(
      new RegExp(`${hint.source}.* at companyIds\\[1\\]`),
    );
    // Not a string at all: zod's own rule, not the hint.
    expect(await toolErrorText("get_strategy_company", { strategyId: id("premade-quantum"), companyId: 5 })).toMatch(/expected string, received number at companyId/);
  });
});
