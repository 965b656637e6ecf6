import type { RequestId } from "@modelcontextprotocol/sdk/types.js";
import { ApiError, type ApiErrorStatus } from "../../errors/ApiError.ts";

/** The status of a wait that ended because its client left or cancelled it: 499, what logs use for "client closed request". */
export const WAIT_ENDED_STATUS = 499 as ApiErrorStatus;

/** Options of {@link TaskWaiters}. */
export interface TaskWaitersOptions {
  /** Most waits at once; one more is refused (429). */
  max: number;
  /** Interval between two checks of a wait's condition (ms of real time). */
  intervalMs: number;
}

interface Waiter {
  end(error: ApiError): void;
}

/**
 * The calls of one caller that wait for a task to finish: `tasks/result` on an unfinished task,
 * and `build_strategy` called without a task (it answers when the build ends). Each wait checks
 * its condition now and then every `intervalMs` (a strategy build follows the mock's clock, which
 * sends no event), and ends at once, its timer cleared, when any of its signals aborts (the HTTP
 * request's client left: the per-request MCP server is closed, which aborts every handler's
 * signal) or when the client cancels it by request id ({@link cancel}, from an MCP
 * `notifications/cancelled`, which arrives in another HTTP request since the server is
 * stateless). At most `max` waits run at once: one more is refused at once, so a client that
 * leaves calls waiting cannot pile up per-request servers and timers.
 *
 * Nothing here needs Node (timers only); no timer outlives its wait.
 * @example
 * const waiters = new TaskWaiters({ max: 16, intervalMs: 500 });
 * await waiters.wait(7, () => build.status === 100, [request.signal]); // resolves once the build is done
 */
export class TaskWaiters {
  private readonly byRequest = new Map<RequestId, Set<Waiter>>();
  private count = 0;

  constructor(private readonly options: TaskWaitersOptions) {}

  /** How many waits are running now. */
  get size(): number {
    return this.count;
  }

  /**
   * Resolves once `done()` is true (checked now, then every `intervalMs`).
   * @param requestId the JSON-RPC id of the waiting call, by which {@link cancel} finds it
   * @param done the condition; it may read the store (it runs once per interval)
   * @param signals any of them aborting ends the wait (`left`)
   * @throws ApiError (rejects) 429 when `max` waits already run and `done()` is false;
   *   {@link WAIT_ENDED_STATUS} (499) when the client left or cancelled the wait; whatever `done()` throws
   */
  async wait(
    requestId: RequestId,
    done: () => boolean | Promise<boolean>,
    signals: ReadonlyArray<AbortSignal | undefined>,
  ): Promise<void> {
    const left = () => new ApiError(WAIT_ENDED_STATUS, "the client closed the request");
    if (signals.some((s) => s?.aborted)) throw left();
    if (await done()) return;
    if (this.count >= this.options.max) {
      throw new ApiError(
        429,
        `${this.count} of your calls already wait for a task or a build, the most at once: poll tasks/get until the task is finished, then call tasks/result, or wait for one of them to end`,
      );
    }
    return new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let ended = false;
      const onAbort = () => finish(left());
      const finish = (error?: unknown) => {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        for (const s of signals) s?.removeEventListener("abort", onAbort);
        this.remove(requestId, waiter);
        if (error === undefined) resolve();
        else reject(error);
      };
      const waiter: Waiter = { end: finish };
      const check = async () => {
        timer = undefined;
        let isDone: boolean;
        try {
          isDone = await done();
        } catch (error) {
          finish(error ?? new Error("the wait's condition failed"));
          return;
        }
        if (ended) return;
        if (isDone) finish();
        else timer = setTimeout(check, this.options.intervalMs);
      };
      for (const s of signals) s?.addEventListener("abort", onAbort, { once: true });
      if (signals.some((s) => s?.aborted)) return finish(left());
      this.add(requestId, waiter);
      timer = setTimeout(check, this.options.intervalMs);
    });
  }

  /**
   * Ends every wait of the call `requestId` ({@link WAIT_ENDED_STATUS}, "cancelled by the client …"). Request ids are the client's; as the
   * server keeps no session, two clients of one user that reuse an id both see their wait end.
   * @returns how many waits ended
   */
  cancel(requestId: RequestId): number {
    const waiters = [...(this.byRequest.get(requestId) ?? [])];
    for (const w of waiters)
      w.end(
        new ApiError(
          WAIT_ENDED_STATUS,
          `cancelled by the client (notifications/cancelled for request ${JSON.stringify(requestId)})`,
        ),
      );
    return waiters.length;
  }

  private add(requestId: RequestId, waiter: Waiter): void {
    let set = this.byRequest.get(requestId);
    if (set === undefined) this.byRequest.set(requestId, (set = new Set()));
    set.add(waiter);
    this.count++;
  }

  private remove(requestId: RequestId, waiter: Waiter): void {
    const set = this.byRequest.get(requestId);
    if (set === undefined || !set.delete(waiter)) return;
    this.count--;
    if (set.size === 0) this.byRequest.delete(requestId);
  }
}
