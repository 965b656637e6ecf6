import type { CreateTaskOptions, TaskStore } from "@modelcontextprotocol/sdk/experimental/tasks/interfaces.js";
import type { Request, RequestId, Result, Task } from "@modelcontextprotocol/sdk/types.js";
import { onClockRewind } from "../../context/clockRewinds.ts";
import type { Caller, ServiceContext } from "../../context/ServiceContext.ts";
import { ApiError } from "../../errors/ApiError.ts";
import { TaskWaiters } from "./TaskWaiters.ts";
import { toolError } from "./toolError.ts";

/**
 * What a task's source says about it now: still working (with a message), or finished with its
 * tool result (and, optionally, the status message; by default "completed: …" or "failed: " and
 * the error's text).
 */
export type TaskProgress =
  | { status: "working"; message: string }
  | { status: "completed" | "failed"; result: Result; message?: string };

/** Reads the current state of the work behind a task (a strategy build, say); called on every `tasks/get`. */
export type TaskSource = () => TaskProgress;

/** Most tasks one caller keeps; the oldest finished one is forgotten first. */
export const MAX_TASKS_PER_CALLER = 100;
/** How long a task is kept when its creator asks for no `ttl`, and the longest `ttl` granted (ms of the mock's clock). */
export const DEFAULT_TASK_TTL_MS = 60 * 60 * 1000;
/** What `tasks/get` suggests as the interval between polls (ms), and how often a waiting call checks its task. */
export const TASK_POLL_INTERVAL_MS = 500;

/** Most calls of one caller waiting for a task at once (`tasks/result`, `build_strategy` without a task); see {@link TaskWaiters}. */
export const MAX_WAITING_CALLS_PER_CALLER = 16;

interface Entry {
  task: Task;
  result?: Result;
  expiresAt: number;
  /** The call that created the task waits for it (a `tools/call` without `task`). */
  awaitedByCreator: boolean;
}

const stores = new WeakMap<ServiceContext, Map<string, CallerTaskStore>>();

/**
 * The MCP task store of one caller (MCP specification 2025-11-25, "Tasks"): the MCP server is
 * built per HTTP request (stateless transport), so the tasks live here, one store per user and
 * app, and a task is visible only to the user who created it (`tasks/list`, `tasks/get`,
 * `tasks/result` and `tasks/cancel` of another user's task id answer "not found"). A task backed
 * by a {@link TaskSource} is brought up to date when read, so its status follows the mock's clock
 * (a strategy build finishes when the clock says so, fast-forward included) without a timer.
 * Expired tasks are dropped when the store is next used; no timer keeps a process alive, and
 * nothing here needs Node (the msw adapter runs it in a browser). The calls that wait for a task
 * ({@link waitUntilFinished}) are counted and capped per caller in {@link waiters}, and stop
 * when their client leaves or cancels them. A task's `statusMessage` follows it: "building: 40%
 * done" while it works, then "completed: …", "failed: <the error>" or the cancellation's.
 *
 * @example
 * const store = taskStoreFor(ctx, caller);
 * (await store.createTask({}, 1, request)).status // => "working"
 */
export class CallerTaskStore implements TaskStore {
  private readonly tasks = new Map<string, Entry>();
  private readonly sources = new Map<string, TaskSource>();
  /** The calls of this caller waiting for one of its tasks. */
  readonly waiters = new TaskWaiters({ max: MAX_WAITING_CALLS_PER_CALLER, intervalMs: TASK_POLL_INTERVAL_MS });

  constructor(private readonly now: () => number) {}

  /**
   * Attaches the source of a task created by {@link createTask}, so reads bring it up to date.
   * Reads the source at once (a build that is already finished completes the task now).
   */
  follow(taskId: string, source: TaskSource): void {
    this.sources.set(taskId, source);
    this.refresh(taskId);
  }

  /**
   * A new task in status `working`. When the caller already has {@link MAX_TASKS_PER_CALLER}
   * tasks, the oldest finished ones are forgotten; when none is finished, the new task is created
   * `failed`, with the tool error "429 Too Many Requests: too many unfinished tasks …" as its
   * result and status message (a task-augmented call must answer a task, and so the reason
   * reaches the client); its creator then starts no work (see `tools/taskTools.ts`).
   */
  async createTask(taskParams: CreateTaskOptions, _requestId: RequestId, request: Request): Promise<Task> {
    this.expire();
    let refusal: Result | undefined;
    while (this.tasks.size >= MAX_TASKS_PER_CALLER && refusal === undefined) {
      const oldestFinished = [...this.tasks].find(([, e]) => isTerminal(e.task.status));
      if (oldestFinished !== undefined) this.forget(oldestFinished[0]);
      else
        refusal = toolError(
          new ApiError(
            429,
            `too many unfinished tasks (${MAX_TASKS_PER_CALLER}): wait for one to finish or cancel one with tasks/cancel`,
          ),
          () => {},
        );
    }
    const ttl = Math.min(taskParams.ttl ?? DEFAULT_TASK_TTL_MS, DEFAULT_TASK_TTL_MS);
    const at = new Date(this.now()).toISOString();
    const task: Task = {
      taskId: crypto.randomUUID(),
      status: "working",
      ttl,
      createdAt: at,
      lastUpdatedAt: at,
      pollInterval: TASK_POLL_INTERVAL_MS,
    };
    const entry: Entry = { task, expiresAt: this.now() + ttl, awaitedByCreator: !isTaskAugmented(request) };
    this.tasks.set(task.taskId, entry);
    if (refusal !== undefined) this.finish(entry, { status: "failed", result: refusal });
    return { ...task };
  }

  /** True when the call that created `taskId` waits for it (a `tools/call` without `task`); false otherwise or when unknown. */
  isAwaitedByCreator(taskId: string): boolean {
    return this.tasks.get(taskId)?.awaitedByCreator ?? false;
  }

  /**
   * Resolves when `taskId` is finished (completed, failed or cancelled) or gone (expired,
   * forgotten), reading it every {@link TASK_POLL_INTERVAL_MS}. A wait of {@link waiters}: it
   * ends when one of `signals` aborts or the client cancels `requestId`, and is refused when the
   * caller already has {@link MAX_WAITING_CALLS_PER_CALLER} waits.
   * @throws ApiError (rejects) as {@link TaskWaiters.wait}: 429 refused, 499 the client left or cancelled
   */
  waitUntilFinished(
    taskId: string,
    requestId: RequestId,
    signals: ReadonlyArray<AbortSignal | undefined>,
  ): Promise<void> {
    return this.waiters.wait(
      requestId,
      async () => {
        const task = await this.getTask(taskId);
        return task === null || isTerminal(task.status);
      },
      signals,
    );
  }

  async getTask(taskId: string): Promise<Task | null> {
    this.expire();
    this.refresh(taskId);
    const entry = this.tasks.get(taskId);
    return entry === undefined ? null : { ...entry.task };
  }

  async storeTaskResult(taskId: string, status: "completed" | "failed", result: Result): Promise<void> {
    const entry = this.require(taskId);
    if (isTerminal(entry.task.status)) throw new Error(`task ${taskId} is already ${entry.task.status}`);
    this.finish(entry, { status, result });
  }

  async getTaskResult(taskId: string): Promise<Result> {
    this.refresh(taskId);
    const entry = this.require(taskId);
    if (entry.result === undefined) throw new Error(`task ${taskId} has no result yet (status ${entry.task.status})`);
    return entry.result;
  }

  async updateTaskStatus(taskId: string, status: Task["status"], statusMessage?: string): Promise<void> {
    const entry = this.require(taskId);
    if (isTerminal(entry.task.status)) throw new Error(`task ${taskId} is already ${entry.task.status}`);
    this.setStatus(entry, status, statusMessage);
    if (status === "cancelled") {
      this.sources.delete(taskId);
      entry.result = { content: [{ type: "text", text: "cancelled by the client (tasks/cancel)" }], isError: true };
    }
  }

  async listTasks(cursor?: string): Promise<{ tasks: Task[]; nextCursor?: string }> {
    this.expire();
    const ids = [...this.tasks.keys()];
    const start = cursor === undefined ? 0 : ids.indexOf(cursor) + 1;
    if (cursor !== undefined && start === 0) throw new Error(`unknown cursor ${cursor}`);
    const page = ids.slice(start, start + 50);
    for (const id of page) this.refresh(id);
    const tasks = page.flatMap((id) => {
      const entry = this.tasks.get(id);
      return entry === undefined ? [] : [{ ...entry.task }];
    });
    const last = page.at(-1);
    return start + 50 < ids.length && last !== undefined ? { tasks, nextCursor: last } : { tasks };
  }

  private refresh(taskId: string): void {
    const entry = this.tasks.get(taskId);
    const source = this.sources.get(taskId);
    if (entry === undefined || source === undefined || isTerminal(entry.task.status)) return;
    const progress = source();
    if (progress.status === "working") {
      if (entry.task.statusMessage !== progress.message) this.setStatus(entry, "working", progress.message);
      return;
    }
    this.sources.delete(taskId);
    this.finish(entry, progress);
  }

  /** Ends `entry` with `progress`'s result and a status message that says so. */
  private finish(entry: Entry, progress: Extract<TaskProgress, { status: "completed" | "failed" }>): void {
    entry.result = progress.result;
    const message =
      progress.message ??
      (progress.status === "completed"
        ? "completed: read the result with tasks/result"
        : `failed: ${firstText(progress.result) ?? "read the error with tasks/result"}`);
    this.setStatus(entry, progress.status, message);
  }

  private setStatus(entry: Entry, status: Task["status"], statusMessage?: string): void {
    entry.task.status = status;
    if (statusMessage !== undefined) entry.task.statusMessage = statusMessage;
    entry.task.lastUpdatedAt = new Date(this.now()).toISOString();
  }

  private require(taskId: string): Entry {
    const entry = this.tasks.get(taskId);
    if (entry === undefined) throw new Error(`task ${taskId} not found`);
    return entry;
  }

  /** Forgets `taskId` and what it follows (also a task whose waiting creator left: nobody else knows of it). */
  forget(taskId: string): void {
    this.tasks.delete(taskId);
    this.sources.delete(taskId);
  }

  /** The mock's clock went back by `ms` (a reset drops its offset): every task keeps the lifetime it had left, so none expired comes back. */
  shiftExpiries(ms: number): void {
    for (const entry of this.tasks.values()) entry.expiresAt -= ms;
  }

  private expire(): void {
    const now = this.now();
    for (const [id, entry] of this.tasks) if (entry.expiresAt <= now) this.forget(id);
  }
}

function isTerminal(status: Task["status"]): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** True when `request` asks for a task (`params.task`: a task-augmented request). */
function isTaskAugmented(request: Request): boolean {
  const params: unknown = request.params;
  return typeof params === "object" && params !== null && (params as { task?: unknown }).task !== undefined;
}

/** The first text block of a tool result, if any. */
function firstText(result: Result): string | undefined {
  const content: unknown = result.content;
  if (!Array.isArray(content)) return undefined;
  const first: unknown = content[0];
  return typeof first === "object" && first !== null && "text" in first && typeof first.text === "string"
    ? first.text
    : undefined;
}

/**
 * The task store of `caller` in this app (created on first use).
 *
 * @example
 * taskStoreFor(ctx, { userId: "u1" }) === taskStoreFor(ctx, { userId: "u1" }) // => true
 */
export function taskStoreFor(ctx: ServiceContext, caller: Caller): CallerTaskStore {
  let byUser = stores.get(ctx);
  if (byUser === undefined) {
    stores.set(ctx, (byUser = new Map()));
    onClockRewind(ctx, (ms) => shiftTaskExpiries(ctx, ms));
  }
  let store = byUser.get(caller.userId);
  if (store === undefined) byUser.set(caller.userId, (store = new CallerTaskStore(() => ctx.clock.now())));
  return store;
}

/** Every caller's task store of this app moves its expiries back by `ms` (see {@link CallerTaskStore.shiftExpiries}); called when the mock's clock goes back. */
function shiftTaskExpiries(ctx: ServiceContext, ms: number): void {
  for (const store of stores.get(ctx)?.values() ?? []) store.shiftExpiries(ms);
}
