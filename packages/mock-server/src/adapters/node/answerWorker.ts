// Entry of the answer worker thread (see workerAnswerInspector.ts): checks each proxied answer for
// drift and, with --record, saves it, one at a time and in arrival order, off the server's event loop.
import { parentPort, workerData } from "node:worker_threads";
import type { DriftDocument } from "../../proxy/inspectAnswer.ts";
import { inspectAnswer } from "../../proxy/inspectAnswer.ts";
import type { AnswerWorkerData, AnswerWorkerRequest, AnswerWorkerResponse } from "./_internal/answerMessages.ts";
import { recorder } from "./recordingDir.ts";

const port = parentPort;
if (port === null) throw new Error("answerWorker.ts runs only as a worker thread");
const { recordDir } = (workerData ?? {}) as AnswerWorkerData;
const save = recordDir === undefined ? undefined : recorder(recordDir);
let doc: DriftDocument | undefined;
port.on("message", (message: AnswerWorkerRequest) => {
  if (message.kind === "document") {
    doc = message.doc;
    return;
  }
  let response: AnswerWorkerResponse;
  try {
    if (doc === undefined) throw new Error("no document to check the answer against");
    const { issues, exchange } = inspectAnswer(doc, message.answer, save !== undefined);
    if (exchange !== undefined) save?.(exchange);
    response = { id: message.id, issues };
  } catch (error) {
    response = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});
