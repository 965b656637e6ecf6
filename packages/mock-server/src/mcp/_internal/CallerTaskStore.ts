import type { CreateTaskOptions, TaskStore } from "@modelcontextprotocol/sdk/experimental/tasks/interfaces.js";
import type { Request, RequestId, Result, Task } from "@modelcontextprotocol/sdk/types.js";
import type { Caller, ServiceContext } from "../../app/ServiceContext.ts";

/** What a task's source says about it now: still working (with a message), or finished with its tool result. */
export type TaskProgress = { status: "working"; message: string } | { status: "completed" | "failed"; result: Result };

/** Reads the current state of the work behind a task (a strategy build, say); called on every `tasks/get`. */
export type TaskSource = () => TaskProgress;

/** Most tasks one caller keeps; the oldest finished one is forgotten first. */
export const MAX_TASKS_PER_CALLER = 100;
/** How long a task is kept when its creator asks for no `ttl`, and the longest `ttl` granted (ms of the mock's clock). */
export const DEFAULT_TASK_TTL_MS = 60 * 60 * 1000;
/** What `tasks/get` suggests as the interval between polls (ms). */
export const TASK_POLL_INTERVAL_MS = 500;

interface Entry {
  task: Task;
  result?: Result;
  source?: TaskSource;
  expiresAt: number;
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
 * nothing here needs Node (the msw adapter runs it in a browser).
 *
 * @example
 * const store = taskStoreFor(ctx, caller);
 * (await store.createTask({}, 1, request)).status // => "working"
 */
export class CallerTaskStore implements TaskStore {
  private readonly tasks = new Map<string, Entry>();
  private readonly sources = new Map<string, TaskSource>();

  constructor(private readonly now: () => number) {}

  /**
   * Attaches the source of a task created by {@link createTask}, so reads bring it up to date.
   * Reads the source at once (a build that is already finished completes the task now).
   */
  follow(taskId: string, source: TaskSource): void {
    this.sources.set(taskId, source);
    this.refresh(taskId);
  }

  async createTask(taskParams: CreateTaskOptions, _requestId: RequestId, _request: Request): Promise<Task> {
    this.expire();
    if (this.tasks.size >= MAX_TASKS_PER_CALLER) {
      const oldestFinished = [...this.tasks].find(([, e]) => isTerminal(e.task.status));
      if (oldestFinished === undefined) throw new Error(`too many unfinished tasks (${MAX_TASKS_PER_CALLER}): wait for one to finish or cancel one with tasks/cancel`);
      this.forget(oldestFinished[0]);
    }
    const ttl = Math.min(taskParams.ttl ?? DEFAULT_TASK_TTL_MS, DEFAULT_TASK_TTL_MS);
    const at = new Date(this.now()).toISOString();
    const task: Task = { taskId: crypto.randomUUID(), status: "working", ttl, createdAt: at, lastUpdatedAt: at, pollInterval: TASK_POLL_INTERVAL_MS };
    this.tasks.set(task.taskId, { task, expiresAt: this.now() + ttl });
    return { ...task };
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
    entry.result = result;
    this.setStatus(entry, status);
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
    entry.result = progress.result;
    this.sources.delete(taskId);
    this.setStatus(entry, progress.status);
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

  private forget(taskId: string): void {
    this.tasks.delete(taskId);
    this.sources.delete(taskId);
  }

  private expire(): void {
    const now = this.now();
    for (const [id, entry] of this.tasks) if (entry.expiresAt <= now) this.forget(id);
  }
}

function isTerminal(status: Task["status"]): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/**
 * The task store of `caller` in this app (created on first use).
 *
 * @example
 * taskStoreFor(ctx, { userId: "u1" }) === taskStoreFor(ctx, { userId: "u1" }) // => true
 */
export function taskStoreFor(ctx: ServiceContext, caller: Caller): CallerTaskStore {
  let byUser = stores.get(ctx);
  if (byUser === undefined) stores.set(ctx, (byUser = new Map()));
  let store = byUser.get(caller.userId);
  if (store === undefined) byUser.set(caller.userId, (store = new CallerTaskStore(() => ctx.clock.now())));
  return store;
}
