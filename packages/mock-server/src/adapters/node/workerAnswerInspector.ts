import type { ResourceLimits, Worker } from "node:worker_threads";
import { DEFAULT_UPSTREAM_BODY_MAX_BYTES } from "../../proxy/proxyMiddleware.ts";
import type { AnswerInspector, DriftDocument } from "../../proxy/inspectAnswer.ts";
import type { DriftIssue } from "../../proxy/findDrift.ts";
import type { AnswerWorkerData, AnswerWorkerRequest, AnswerWorkerResponse } from "./_internal/answerMessages.ts";
import { spawnAnswerWorker } from "./_internal/spawnAnswerWorker.ts";

/** Options of {@link workerAnswerInspector}. */
export interface WorkerAnswerInspectorOptions {
  /** `--record`: the directory each answer is saved in (by the worker); none: drift only. */
  recordDir?: string;
  /** The proxy's cap on one body (sizes the worker's heap); default 16 MiB. */
  maxBodyBytes?: number;
  /** Starts the worker thread (tests); default `spawnAnswerWorker`. */
  spawn?: (data: AnswerWorkerData, limits: ResourceLimits) => Worker;
}

/** An {@link AnswerInspector} on a worker thread, and how to stop that thread. */
export interface WorkerAnswerInspector {
  inspect: AnswerInspector;
  /** Stops the thread; answers still being inspected reject. */
  close(): Promise<void>;
}

const MIB = 1024 * 1024;

/**
 * Runs the proxy's per-answer work (parsing, drift check, redaction, saving with `--record`) on one
 * worker thread, started on the first answer: the server's event loop only posts a copy of the
 * body and awaits the issues, so a 16 MiB answer costs it a memcpy instead of seconds of JSON and
 * base64 work. Answers are handled one at a time in arrival order (a request asked twice is saved
 * in the order answered). The thread's heap is capped (256 MB plus 48 MB per MiB of cap): an answer
 * that exhausts it stops the thread, not the server; that answer's inspection rejects (the proxy
 * still forwards it and logs why) and the next answer starts a new thread.
 *
 * @example
 * const inspector = workerAnswerInspector({ recordDir: "recordings" });
 * // startServer({ proxy: { upstream, drift, inspect: inspector.inspect } }); later: await inspector.close()
 */
export function workerAnswerInspector(options: WorkerAnswerInspectorOptions = {}): WorkerAnswerInspector {
  const spawn = options.spawn ?? spawnAnswerWorker;
  const data: AnswerWorkerData = options.recordDir === undefined ? {} : { recordDir: options.recordDir };
  const heapMb = Math.min(8192, 256 + 48 * Math.ceil((options.maxBodyBytes ?? DEFAULT_UPSTREAM_BODY_MAX_BYTES) / MIB));
  const pending = new Map<number, { resolve: (issues: DriftIssue[]) => void; reject: (error: Error) => void }>();
  let worker: Worker | undefined;
  let sentDoc: DriftDocument | undefined;
  let nextId = 1;
  let closed = false;

  const failAll = (error: Error): void => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  const start = (): Worker => {
    const w = spawn(data, { maxOldGenerationSizeMb: heapMb });
    w.unref(); // the server's sockets keep the process alive, not this thread
    w.on("message", (message: AnswerWorkerResponse) => {
      const job = pending.get(message.id);
      if (job === undefined) return;
      pending.delete(message.id);
      if ("error" in message) job.reject(new Error(message.error));
      else job.resolve(message.issues);
    });
    const lost = (reason: string): void => {
      if (worker !== w) return;
      worker = undefined;
      sentDoc = undefined;
      failAll(new Error(`the answer worker thread stopped (${reason})`));
    };
    w.on("error", (error: Error & { code?: string }) =>
      lost(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? `out of memory: at most ${heapMb} MB of heap` : error.message),
    );
    w.on("exit", (code) => lost(`exit code ${code}`));
    return w;
  };

  return {
    inspect(doc, answer) {
      if (closed) return Promise.reject(new Error("the answer worker thread is closed"));
      worker ??= start();
      if (sentDoc !== doc) {
        worker.postMessage({ kind: "document", doc } satisfies AnswerWorkerRequest);
        sentDoc = doc;
      }
      const id = nextId++;
      return new Promise<DriftIssue[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ kind: "answer", id, answer } satisfies AnswerWorkerRequest);
      });
    },
    async close() {
      closed = true;
      const w = worker;
      worker = undefined;
      failAll(new Error("the answer worker thread is closed"));
      if (w !== undefined) await w.terminate();
    },
  };
}
