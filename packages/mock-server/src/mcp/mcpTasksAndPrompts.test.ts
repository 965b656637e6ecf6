// MCP tasks (build_strategy as a long-running task) and prompts, over real HTTP with the SDK's own client.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema, CreateTaskResultSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { id, keys } from "../_test/testUniverse.ts";
import { MAX_TASKS_PER_CALLER, taskStoreFor } from "./_internal/CallerTaskStore.ts";
import { callOk, type McpMock, startMcpMock } from "./_test/startMcpMock.ts";

let mock: McpMock;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  mock = await startMcpMock();
  alice = await mock.connect(keys.alice);
  bob = await mock.connect(keys.bob);
});
afterAll(async () => {
  await mock.close();
});

const newStrategy = async (name: string) =>
  (await callOk<{ id: string }>(alice, "create_strategy", { name, objective: "Companies building quantum computers" }))
    .id;

/** A task-augmented tools/call of build_strategy: answers at once with the task. */
const startBuild = async (client: Client, strategyId: string) =>
  (
    await client.request(
      { method: "tools/call", params: { name: "build_strategy", arguments: { strategyId }, task: { ttl: 600_000 } } },
      CreateTaskResultSchema,
    )
  ).task;

describe("MCP tasks: build_strategy", () => {
  it("answers a task at once, follows the build on the mock's clock, and hands over the built strategy", async () => {
    const strategyId = await newStrategy("Task build");
    const task = await startBuild(alice, strategyId);
    expect(task.status).toBe("working");
    const polled = await alice.experimental.tasks.getTask(task.taskId);
    expect(polled.status).toBe("working");
    expect(polled.statusMessage).toMatch(/^building: \d+% done$/);
    expect((await alice.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).toContain(task.taskId);

    mock.clock.advance(5000); // the build takes 4 s of the mock's clock
    const done = await alice.experimental.tasks.getTask(task.taskId);
    expect(done.status).toBe("completed");
    expect(done.statusMessage).toBe(
      `completed: strategy ${strategyId} is built (status 100); read it with tasks/result`,
    );
    const result = (await alice.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema)) as CallToolResult;
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toMatchObject({ id: strategyId, status: 100, completed: true });
  });

  it("keeps a user's tasks from every other user", async () => {
    const task = await startBuild(alice, await newStrategy("Private task"));
    await expect(bob.experimental.tasks.getTask(task.taskId)).rejects.toThrow(/not found/i);
    await expect(bob.experimental.tasks.cancelTask(task.taskId)).rejects.toThrow(/not found/i);
    expect((await bob.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).not.toContain(task.taskId);
    mock.clock.advance(5000);
  });

  it("waits for the build when called without a task, as a plain tool", async () => {
    const strategyId = await newStrategy("Plain call");
    const call = alice.callTool({ name: "build_strategy", arguments: { strategyId } });
    // The server polls the task; the build ends when the mock's clock has moved 4 s.
    setTimeout(() => mock.clock.advance(5000), 50);
    const result = (await call) as CallToolResult;
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toMatchObject({ id: strategyId, status: 100 });
  });

  it("ends the task failed with the REST error when the build cannot start", async () => {
    const premadeTask = await startBuild(alice, id("premade-quantum"));
    const failed = await alice.experimental.tasks.getTask(premadeTask.taskId);
    expect(failed.status).toBe("failed");
    expect(failed.statusMessage).toMatch(/^failed: 403 Forbidden: .*premade/);
    const result = (await alice.experimental.tasks.getTaskResult(
      premadeTask.taskId,
      CallToolResultSchema,
    )) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({ type: "text", text: expect.stringMatching(/^403 Forbidden: .*premade/) });

    const busy = await newStrategy("Busy");
    await startBuild(alice, busy);
    const second = await startBuild(alice, busy); // an earlier build is still running: 423, as over REST
    const locked = (await alice.experimental.tasks.getTaskResult(
      second.taskId,
      CallToolResultSchema,
    )) as CallToolResult;
    expect(locked.content[0]).toMatchObject({ text: expect.stringMatching(/^423 Locked/) });
    mock.clock.advance(5000);
  });

  it("cancels a working task; a finished one cannot be cancelled", async () => {
    const task = await startBuild(alice, await newStrategy("Cancelled"));
    expect((await alice.experimental.tasks.cancelTask(task.taskId)).status).toBe("cancelled");
    mock.clock.advance(5000);
    expect((await alice.experimental.tasks.getTask(task.taskId)).status).toBe("cancelled");
    await expect(alice.experimental.tasks.cancelTask(task.taskId)).rejects.toThrow(/terminal/);
  });

  it(`a caller's task beyond ${MAX_TASKS_PER_CALLER} unfinished ones ends failed at once, saying why, and builds nothing`, async () => {
    const store = taskStoreFor(mock.server.ctx, { userId: id("bob") });
    const unfinished = await Promise.all(
      Array.from({ length: MAX_TASKS_PER_CALLER }, (_, i) =>
        store.createTask({ ttl: 600_000 }, `held-${i}`, {
          method: "tools/call",
          params: { name: "build_strategy", task: {} },
        }),
      ),
    );
    try {
      const strategyId = (
        await callOk<{ id: string }>(bob, "create_strategy", {
          name: "One too many",
          objective: "Companies building quantum computers",
        })
      ).id;
      const tooMany =
        /^429 Too Many Requests: too many unfinished tasks \(100\): wait for one to finish or cancel one with tasks\/cancel$/;
      const task = await startBuild(bob, strategyId);
      expect(task.status).toBe("failed");
      expect(task.statusMessage).toMatch(new RegExp(`^failed: ${tooMany.source.slice(1)}`));
      const result = (await bob.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema)) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.content[0]).toMatchObject({ type: "text", text: expect.stringMatching(tooMany) });
      const plain = (await bob.callTool({ name: "build_strategy", arguments: { strategyId } })) as CallToolResult;
      expect(plain.content[0]).toMatchObject({ type: "text", text: expect.stringMatching(tooMany) });
      expect((await callOk<{ status: number }>(bob, "get_strategy", { strategyId })).status).toBe(0); // never submitted
    } finally {
      for (const t of unfinished) await store.updateTaskStatus(t.taskId, "cancelled");
    }
  });

  it("a task's status message follows it: building while it works, then completed, never a stale percentage", async () => {
    const strategyId = await newStrategy("Status message");
    const task = await startBuild(alice, strategyId);
    mock.clock.advance(3500); // 87 % of the 4 s build
    expect((await alice.experimental.tasks.getTask(task.taskId)).statusMessage).toMatch(/^building: 8\d% done$/);
    mock.clock.advance(1000);
    const done = await alice.experimental.tasks.getTask(task.taskId);
    expect(done.status).toBe("completed");
    expect(done.statusMessage).not.toMatch(/building/);
    expect(done.statusMessage).toMatch(/^completed: /);
  });
});

describe("MCP prompts", () => {
  it("lists three prompts with their arguments", async () => {
    const { prompts } = await alice.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual([
      "build_thematic_strategy",
      "compare_to_benchmark",
      "review_strategy",
    ]);
    const build = prompts.find((p) => p.name === "build_thematic_strategy");
    expect(build?.arguments?.map((a) => [a.name, a.required ?? false])).toEqual([
      ["theme", true],
      ["exclusions", false],
    ]);
  });

  it("fills a prompt with its arguments and names only tools the server has", async () => {
    const { tools } = await alice.listTools();
    const names = new Set(tools.map((t) => t.name));
    for (const [name, args] of [
      ["build_thematic_strategy", { theme: "grid-scale battery storage", exclusions: "tobacco; weapons" }],
      ["review_strategy", { strategyId: id("premade-quantum") }],
      ["compare_to_benchmark", { strategyId: id("premade-quantum"), benchmark: "QQQ", years: "3" }],
    ] as const) {
      const { messages } = await alice.getPrompt({ name, arguments: args });
      const text = messages.map((m) => (m.content.type === "text" ? m.content.text : "")).join("\n");
      for (const value of Object.values(args)) expect(text).toContain(value.split(";")[0]);
      for (const tool of text.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [])
        if (/^(get|list|search|create|build|enhance|optimize|optimized|save|submit|update|delete)_/.test(tool))
          expect(names, tool).toContain(tool);
    }
  });

  it("refuses bad prompt arguments naming them", async () => {
    await expect(
      alice.getPrompt({ name: "compare_to_benchmark", arguments: { strategyId: id("premade-quantum"), years: "30" } }),
    ).rejects.toThrow(/years/);
    await expect(alice.getPrompt({ name: "review_strategy", arguments: { strategyId: "nope" } })).rejects.toThrow(
      /strategyId/,
    );
    await expect(alice.getPrompt({ name: "build_thematic_strategy", arguments: {} })).rejects.toThrow(/theme/);
  });
});
