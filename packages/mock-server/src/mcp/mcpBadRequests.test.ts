// Bad requests to the MCP server: params that do not fit their method, task-augmented calls the
// server cannot run as tasks, bad tool arguments. Each answer names the field and the rule with
// the JSON-RPC code the MCP specification (2025-11-25) gives, never -32603 "internal error".
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
    headers: {
      Authorization: `Bearer ${keys.alice}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
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

describe("MCP requests whose params do not fit the method", () => {
  it.each([
    [
      "tools/call",
      { name: "get_strategy", arguments: "x" },
      /^Invalid params of tools\/call: params\.arguments: .*expected record, received string/,
    ],
    [
      "tools/call",
      { name: 5, arguments: {} },
      /^Invalid params of tools\/call: params\.name: .*expected string, received number/,
    ],
    ["tools/list", { cursor: 5 }, /^Invalid params of tools\/list: params\.cursor: .*expected string/],
    ["tasks/get", { taskId: 5 }, /^Invalid params of tasks\/get: params\.taskId: .*expected string, received number/],
    ["tasks/get", {}, /^Invalid params of tasks\/get: params\.taskId: .*expected string, received undefined/],
    ["tasks/result", { taskId: [] }, /^Invalid params of tasks\/result: params\.taskId: .*expected string/],
    ["tasks/cancel", { taskId: null }, /^Invalid params of tasks\/cancel: params\.taskId: .*expected string/],
    ["tasks/list", { cursor: {} }, /^Invalid params of tasks\/list: params\.cursor: .*expected string/],
    ["prompts/get", { name: 5 }, /^Invalid params of prompts\/get: params\.name: .*expected string/],
  ])("%s %j: -32602 naming the field and the rule", async (method, params, message) => {
    const { error } = await rpc(method, params);
    expect(error?.code).toBe(-32602);
    expect(error?.message).toMatch(message);
  });
});

describe("MCP task-augmented tools/call", () => {
  it("of a tool that does not run as a task: -32601 saying so, and the tool does not run", async () => {
    const before = mock.ctx.store.state.strategies.length;
    const { error } = await rpc("tools/call", {
      name: "create_strategy",
      arguments: { name: "As a task", objective: "quantum computers" },
      task: {},
    });
    expect(error?.code).toBe(-32601);
    expect(error?.message).toMatch(
      /^tool create_strategy does not run as a task \(only build_strategy does.*call it without params\.task/,
    );
    expect(mock.ctx.store.state.strategies.length).toBe(before);
  });

  it("of build_strategy with bad arguments: -32602 naming the argument and the rule", async () => {
    const { error } = await rpc("tools/call", { name: "build_strategy", arguments: { strategyId: "nope" }, task: {} });
    expect(error?.code).toBe(-32602);
    expect(error?.message).toMatch(
      /^Invalid arguments for tool build_strategy: strategyId: Invalid GUID: a strategy id is a uuid/,
    );
    const missing = await rpc("tools/call", { name: "build_strategy", arguments: {}, task: {} });
    expect(missing.error?.message).toMatch(
      /^Invalid arguments for tool build_strategy: strategyId: .*expected string, received undefined/,
    );
  });
});

describe("MCP tool arguments", () => {
  it("a bad argument of a plain call is a tool error naming the argument and the rule, for every kind of tool", async () => {
    expect(await toolErrorText("get_strategy", { strategyId: 7 })).toMatch(
      /Invalid arguments for tool get_strategy: .*expected string, received number at strategyId/,
    );
    expect(await toolErrorText("build_strategy", { strategyId: "nope" })).toMatch(
      /Invalid arguments for tool build_strategy: Invalid GUID: a strategy id is a uuid.* at strategyId/,
    );
    expect(
      await toolErrorText("get_strategy_companies", { strategyId: id("premade-quantum"), scoringMinMarketCap: -1 }),
    ).toMatch(/scoringMinMarketCap/);
  });

  it("a ticker or a name sent as a company id is refused with a hint to find the id with search_companies", async () => {
    const hint =
      /Invalid GUID: a company id is a uuid such as [0-9a-f-]{36}, not a ticker or a name; find it with search_companies/;
    expect(
      await toolErrorText("get_strategy_company", { strategyId: id("premade-quantum"), companyId: "QBTS" }),
    ).toMatch(new RegExp(`${hint.source}.* at companyId`));
    expect(await toolErrorText("backtest", { holdings: [{ companyId: "NVDA", weight: 1 }] })).toMatch(
      new RegExp(`${hint.source}.* at holdings\\[0\\]\\.companyId`),
    );
    expect(
      await toolErrorText("optimize_strategy", {
        strategyId: id("premade-quantum"),
        companyIds: [id("qbit"), "Qubit Labs"],
      }),
    ).toMatch(new RegExp(`${hint.source}.* at companyIds\\[1\\]`));
    // Not a string at all: zod's own rule, not the hint.
    expect(await toolErrorText("get_strategy_company", { strategyId: id("premade-quantum"), companyId: 5 })).toMatch(
      /expected string, received number at companyId/,
    );
  });
});
