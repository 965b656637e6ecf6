import { EngineError } from "../errors/EngineError.ts";
import { runSweepTask, type SweepRunner, type SweepTask } from "./sweep.ts";

/**
 * What the runner and the server need of a channel end: a browser `Worker`, a worker's `self`, or
 * a `MessagePort` all have it.
 */
export interface SweepPort {
  /** Sends a task or a cancellation to the worker. */
  postMessage(message: unknown): void;
  /** Listens for the worker's replies. */
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

/** A {@link SweepRunner} over ports; `close()` stops listening (terminate the workers yourself). */
export interface MessagePortRunner extends SweepRunner {
  /** Stops listening to the ports. */
  close(): void;
}

type Request = { readonly sweepTask: number; readonly task: SweepTask } | { readonly sweepCancel: number };
type Reply =
  | { readonly sweepTask: number; readonly ok: true; readonly value: unknown }
  | {
      readonly sweepTask: number;
      readonly ok: false;
      readonly error: { name: string; message: string; field?: string };
    };

/**
 * A sweep runner over message ports, one task at a time per port: in a browser, pass Web Workers
 * (`new Worker(url, { type: "module" })`) whose script calls {@link serveSweepTasks}(self). Each
 * task descriptor is posted to a free port (`{ sweepTask: id, task }`), the worker runs it with
 * `runSweepTask` and posts `{ sweepTask: id, ok, value | error }` back; an aborted task is told
 * (`{ sweepCancel: id }`) and its promise rejects with the signal's reason. Pure: no runtime globals.
 *
 * @param ports one port per worker, at least one.
 * @throws EngineError INVALID_INPUT naming `ports` or `ports[k]`.
 * @example
 * const { port1, port2 } = new MessageChannel();
 * serveSweepTasks(port2);
 * const runner = messagePortRunner([port1]);
 * await sweep([{ module: "data:text/javascript,export const f = (x) => x + 1", export: "f", args: 1 }], { runner }) // => [2]
 * runner.close(); port1.close();
 */
export function messagePortRunner(ports: readonly SweepPort[]): MessagePortRunner {
  if (!Array.isArray(ports) || ports.length === 0)
    throw new EngineError("INVALID_INPUT", "ports must be an array of at least one port (a Worker, a MessagePort)", {
      field: "ports",
    });
  ports.forEach((p, k) => {
    if (
      p === null ||
      typeof p !== "object" ||
      typeof p.postMessage !== "function" ||
      typeof p.addEventListener !== "function"
    ) {
      throw new EngineError(
        "INVALID_INPUT",
        `ports[${k}] must have postMessage and addEventListener (a Worker, a MessagePort)`,
        { field: `ports[${k}]` },
      );
    }
  });
  let nextId = 0;
  let closed = false;
  const free: SweepPort[] = [...ports];
  const waiting: Array<() => void> = [];
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void; port: SweepPort }>();
  const release = (port: SweepPort): void => {
    free.push(port);
    waiting.shift()?.();
  };
  for (const port of ports) {
    port.addEventListener("message", (event: { data: unknown }) => {
      const reply = event.data as Reply;
      if (closed || reply === null || typeof reply !== "object" || typeof reply.sweepTask !== "number") return;
      const p = pending.get(reply.sweepTask);
      if (p === undefined) return;
      pending.delete(reply.sweepTask);
      release(p.port);
      if (reply.ok) p.resolve(reply.value);
      else
        p.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name, field: reply.error.field }));
    });
    (port as { start?: () => void }).start?.();
  }
  const acquire = async (): Promise<SweepPort> => {
    while (free.length === 0) await new Promise<void>((resume) => waiting.push(resume));
    return free.pop()!;
  };
  return {
    concurrency: ports.length,
    async run(task: SweepTask, signal: AbortSignal | undefined): Promise<unknown> {
      const port = await acquire();
      signal?.throwIfAborted();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, port });
        signal?.addEventListener(
          "abort",
          () => {
            if (!pending.delete(id)) return;
            port.postMessage({ sweepCancel: id } satisfies Request);
            release(port);
            reject(signal.reason);
          },
          { once: true },
        );
        port.postMessage({ sweepTask: id, task } satisfies Request);
      });
    },
    close() {
      closed = true;
    },
  };
}

/**
 * The worker side of {@link messagePortRunner}: answers each `{ sweepTask: id, task }` posted to
 * `port` with `runSweepTask(task)`'s result (`{ sweepTask: id, ok: true, value }`) or its error
 * (`{ ok: false, error: { name, message, field } }`). In a Web Worker's module: `serveSweepTasks(self)`.
 * @throws EngineError INVALID_INPUT naming `port` when it cannot post and listen.
 * @example
 * const { port1, port2 } = new MessageChannel();
 * serveSweepTasks(port2) // => undefined
 * port1.close();
 */
export function serveSweepTasks(port: SweepPort): void {
  if (
    port === null ||
    typeof port !== "object" ||
    typeof port.postMessage !== "function" ||
    typeof port.addEventListener !== "function"
  ) {
    throw new EngineError(
      "INVALID_INPUT",
      "port must have postMessage and addEventListener (a worker's self, a MessagePort)",
      { field: "port" },
    );
  }
  port.addEventListener("message", (event) => {
    const request = event.data as Request;
    if (request === null || typeof request !== "object" || !("sweepTask" in request)) return; // a cancel: the task's answer is ignored
    const id = request.sweepTask;
    runSweepTask(request.task).then(
      (value) => port.postMessage({ sweepTask: id, ok: true, value } satisfies Reply),
      (e: unknown) => {
        const error =
          e instanceof Error
            ? {
                name: e.name,
                message: e.message,
                ...(typeof (e as unknown as { field?: unknown }).field === "string"
                  ? { field: (e as unknown as { field: string }).field }
                  : {}),
              }
            : { name: "Error", message: String(e) };
        port.postMessage({ sweepTask: id, ok: false, error } satisfies Reply);
      },
    );
  });
  (port as { start?: () => void }).start?.();
}
