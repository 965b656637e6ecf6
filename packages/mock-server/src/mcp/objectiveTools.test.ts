// enhance_objective and reverse_objective over real HTTP, against the REST routes they mirror.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keys } from "../_test/testUniverse.ts";
import { callError, callOk, type McpMock, startMcpMock } from "./_test/startMcpMock.ts";

let mock: McpMock;
let alice: Client;

beforeAll(async () => {
  mock = await startMcpMock();
  alice = await mock.connect(keys.alice);
});
afterAll(async () => {
  await mock.close();
});

const rest = async (path: string, body: unknown) =>
  (
    await fetch(new URL(path, mock.url), {
      method: "POST",
      headers: { Authorization: `Bearer ${keys.alice}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    })
  ).json();

describe("enhance_objective and reverse_objective", () => {
  it("answer what POST /v1/enhance-objective and /v1/reverse-objective answer", async () => {
    const objective = "superconducting qubit processors and cryogenic systems";
    const enhanced = await callOk<{ enhancedObjective: string; improvementsSummary: string }>(
      alice,
      "enhance_objective",
      { objective },
    );
    expect(enhanced).toEqual(await rest("/v1/enhance-objective", { objective }));
    expect(enhanced.enhancedObjective.startsWith("The strategy is to invest in companies that ")).toBe(true);
    const reversed = await callOk<{ reversedObjective: string; summary: string }>(alice, "reverse_objective", {
      objective,
    });
    expect(reversed).toEqual(await rest("/v2/reverse-objective", { objective }));
  });

  it("a blank objective is a tool error naming the field, not a transport error", async () => {
    expect(await callError(alice, "enhance_objective", { objective: "  " })).toMatch(/objective/);
    expect(await callError(alice, "reverse_objective", {})).toMatch(/objective/);
  });
});
