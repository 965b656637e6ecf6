import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CreateTaskResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { expectLeavingStopsTheSolve, waitingSolver } from "../_test/waitingSolver.ts";
import { id, keys } from "../_test/testUniverse.ts";
import { CallerTaskStore, MAX_WAITING_CALLS_PER_CALLER, taskStoreFor } from "./_internal/CallerTaskStore.ts";
import { NOT_RUN_CODE } from "./_internal/paceMessages.ts";
import { callOk, type McpMock, startMcpMock } from "./_test/startMcpMock.ts";

const HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
  Authorization: `Bearer ${keys.alice}`,
};

/** Waits for `check` to pass; the test's own timeout (vitest.config.ts, scaled to the machine's load) is the hang guard. */
const until = (check: () => unknown) => vi.waitFor(check, { timeout: 2 ** 30, interval: 20 });

interface Answer {
  result?: { isError?: boolean; content?: Array<{ text: string }>; structuredContent?: { id: string; status: number } };
  error?: { code: number; message: string };
}

describe("MCP optimizer tools", () => {
  it("drop their solve when the client of the HTTP request leaves, as the REST routes do", async () => {
    const { solver, signal: seen } = waitingSolver();
    const mock = await startMcpMock({ solver });
    try {
      await expectLeavingStopsTheSolve(seen, (signal) =>
        fetch(mock.url, {
          method: "POST",
          headers: HEADERS,
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "tools/call",
            params: { name: "optimized_portfolio", arguments: { strategyId: id("premade-quantum"), maxWeight: 0.6 } },
          }),
          signal,
        }),
      );
    } finally {
      await mock.close();
    }
  });
});

describe("MCP calls that wait for a task (tasks/result, build_strategy without a task)", () => {
  // The builds take 4 s of the mock's manual clock: they never end unless a test advances it,
  // so every waiting call below waits until its client leaves or cancels it.
  let mock: McpMock;
  let alice: Client;
  let store: CallerTaskStore;
  beforeAll(async () => {
    mock = await startMcpMock();
    alice = await mock.connect(keys.alice);
    store = taskStoreFor(mock.server.ctx, { userId: id("alice") });
  });
  afterAll(async () => {
    await mock.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    mock.clock.advance(5000); // every build of the test ends, and the calls still waiting answer
  });

  /** Sends one JSON-RPC message to /v1/mcp over HTTP; the answer's body, or "left" when `signal` aborted it. */
  const post = (message: unknown, signal?: AbortSignal): Promise<Answer | "left"> =>
    fetch(mock.url, {
      method: "POST",
      headers: HEADERS,
      body: JSON.stringify(message),
      ...(signal === undefined ? {} : { signal }),
    }).then(
      async (r) =>
        r.status === 200
          ? ((await r.json()) as Answer)
          : ({ error: { code: r.status, message: await r.text() } } as Answer),
      () => "left" as const,
    );
  const newStrategy = async (name: string) =>
    (
      await callOk<{ id: string }>(alice, "create_strategy", {
        name,
        objective: "Companies building quantum computers",
      })
    ).id;
  const plainBuild = (rpcId: number, strategyId: string, signal?: AbortSignal) =>
    post(
      {
        jsonrpc: "2.0",
        id: rpcId,
        method: "tools/call",
        params: { name: "build_strategy", arguments: { strategyId } },
      },
      signal,
    );
  const taskResult = (rpcId: number, taskId: string, signal?: AbortSignal) =>
    post({ jsonrpc: "2.0", id: rpcId, method: "tasks/result", params: { taskId } }, signal);
  const startTask = async (strategyId: string) =>
    (
      await alice.request(
        { method: "tools/call", params: { name: "build_strategy", arguments: { strategyId }, task: { ttl: 600_000 } } },
        CreateTaskResultSchema,
      )
    ).task.taskId;
  /** Reads of each task in the store (every poll of a waiting call reads its task). */
  const countReads = () => {
    const spy = vi.spyOn(CallerTaskStore.prototype, "getTask");
    return (taskId: string) => spy.mock.calls.filter(([t]) => t === taskId).length;
  };
  /** The id of the task a plain build_strategy call creates (listed once it exists). */
  const newTaskId = async (known: ReadonlySet<string>) => {
    let found: string | undefined;
    await until(async () => {
      found = (await alice.experimental.tasks.listTasks()).tasks.find((t) => !known.has(t.taskId))?.taskId;
      expect(found).toBeDefined();
    });
    return found!;
  };
  const listedIds = async () => new Set((await alice.experimental.tasks.listTasks()).tasks.map((t) => t.taskId));

  /**
   * After the abandoned call's client has left, lets a live call (the metronome, polling at the
   * same interval) poll `ticks` more times, and answers how many reads of the abandoned task
   * happened meanwhile. Event order only: a loaded machine slows both alike.
   */
  async function readsWhileMetronomeTicks(
    reads: (taskId: string) => number,
    abandoned: string,
    metronome: string,
    ticks: number,
  ): Promise<number> {
    const from = reads(abandoned);
    const target = reads(metronome) + ticks;
    await until(() => expect(reads(metronome)).toBeGreaterThanOrEqual(target));
    return reads(abandoned) - from;
  }

  it("a plain build_strategy whose client left stops polling and forgets its task; a live one keeps waiting and answers", async () => {
    const reads = countReads();
    const [kept, dropped] = [await newStrategy("Metronome"), await newStrategy("Abandoned")];
    let known = await listedIds();
    const live = plainBuild(1, kept);
    const metronome = await newTaskId(known);
    known = await listedIds();
    const client = new AbortController();
    const leaving = plainBuild(2, dropped, client.signal);
    const abandoned = await newTaskId(known);
    await until(() => expect(reads(abandoned)).toBeGreaterThanOrEqual(2)); // it polls
    client.abort();
    expect(await leaving).toBe("left");
    // The server notices the closed request: it forgets the task nobody else knows of.
    await until(async () => expect(await listedIds()).not.toContain(abandoned));
    expect(await readsWhileMetronomeTicks(reads, abandoned, metronome, 3)).toBe(0);
    expect(store.waiters.size).toBe(1); // the metronome only
    mock.clock.advance(5000);
    const answer = await live;
    expect(answer).not.toBe("left");
    expect((answer as Answer).result?.structuredContent).toMatchObject({ id: kept, status: 100 });
    expect(store.waiters.size).toBe(0);
  });

  it("a tasks/result whose client left stops polling; a live one keeps waiting and answers", async () => {
    const reads = countReads();
    const [metronome, abandoned] = [
      await startTask(await newStrategy("Metronome")),
      await startTask(await newStrategy("Abandoned")),
    ];
    const live = taskResult(3, metronome);
    const client = new AbortController();
    const leaving = taskResult(4, abandoned, client.signal);
    await until(() => expect(reads(abandoned)).toBeGreaterThanOrEqual(3)); // it polls
    client.abort();
    expect(await leaving).toBe("left");
    await until(() => expect(store.waiters.size).toBe(1)); // the metronome only
    expect(await readsWhileMetronomeTicks(reads, abandoned, metronome, 3)).toBe(0);
    mock.clock.advance(5000);
    expect(await live).toMatchObject({ result: { structuredContent: { status: 100 } } });
    expect(store.waiters.size).toBe(0);
    expect((await alice.experimental.tasks.getTask(abandoned)).status).toBe("completed"); // the task itself lives on
  });

  it("notifications/cancelled in another HTTP request ends the waiting call it names", async () => {
    const strategyId = await newStrategy("Cancelled wait");
    const known = await listedIds();
    const waiting = plainBuild(41, strategyId);
    const taskId = await newTaskId(known);
    await until(() => expect(store.waiters.size).toBe(1));
    const cancel = await fetch(mock.url, {
      method: "POST",
      headers: HEADERS,
      body: JSON.stringify({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: 41, reason: "timeout" },
      }),
    });
    expect(cancel.status).toBe(202);
    const answer = (await waiting) as Answer;
    expect(answer.result?.isError).toBe(true);
    expect(answer.result?.content?.[0]?.text).toMatch(
      /^499 Client Closed Request: cancelled by the client \(notifications\/cancelled for request 41\); the build goes on/,
    );
    expect(store.waiters.size).toBe(0);
    expect(await listedIds()).not.toContain(taskId);

    const task = await startTask(await newStrategy("Cancelled result"));
    const result = taskResult(42, task);
    await until(() => expect(store.waiters.size).toBe(1));
    await post({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 42 } });
    expect(await result).toMatchObject({
      error: { code: NOT_RUN_CODE, message: expect.stringMatching(/cancelled by the client/) },
    });
    expect(store.waiters.size).toBe(0);
  });

  it(`at most ${MAX_WAITING_CALLS_PER_CALLER} calls of one caller wait at once; one more is refused saying why, and starts nothing`, async () => {
    const hold = new AbortController();
    const held = Array.from({ length: MAX_WAITING_CALLS_PER_CALLER }, (_, i) =>
      store.waiters.wait(`held-${i}`, () => false, [hold.signal]).catch(() => undefined),
    );
    await until(() => expect(store.waiters.size).toBe(MAX_WAITING_CALLS_PER_CALLER));
    try {
      const task = await startTask(await newStrategy("Result refused"));
      expect(await taskResult(5, task)).toMatchObject({
        error: {
          code: NOT_RUN_CODE,
          message: expect.stringMatching(
            new RegExp(
              `^MCP error ${NOT_RUN_CODE}: not run: ${MAX_WAITING_CALLS_PER_CALLER} of your calls already wait .*poll tasks/get`,
            ),
          ),
        },
      });
      const strategyId = await newStrategy("Build refused");
      const refused = (await plainBuild(6, strategyId)) as Answer;
      expect(refused.result?.isError).toBe(true);
      expect(refused.result?.content?.[0]?.text).toMatch(
        new RegExp(
          `^429 Too Many Requests: ${MAX_WAITING_CALLS_PER_CALLER} of your calls already wait .*call build_strategy with a task`,
        ),
      );
      expect((await callOk<{ status: number }>(alice, "get_strategy", { strategyId })).status).toBe(0); // not submitted
      expect(store.waiters.size).toBe(MAX_WAITING_CALLS_PER_CALLER);
      // A finished task's result needs no wait: it is answered even then.
      mock.clock.advance(5000);
      expect(await taskResult(7, task)).toMatchObject({ result: { structuredContent: { status: 100 } } });
    } finally {
      hold.abort();
      await Promise.all(held);
    }
    expect(store.waiters.size).toBe(0);
  });
});
