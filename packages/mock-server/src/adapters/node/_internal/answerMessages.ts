import type { DriftIssue } from "../../../proxy/findDrift.ts";
import type { AnswerToInspect, DriftDocument } from "../../../proxy/inspectAnswer.ts";

/** `workerData` of the answer worker thread: where `--record` saves (none: only drift is checked). */
export interface AnswerWorkerData {
  recordDir?: string;
}

/** To the answer worker: the document to check against (sent again whenever it changes), or one answer. */
export type AnswerWorkerRequest =
  | { kind: "document"; doc: DriftDocument }
  | { kind: "answer"; id: number; answer: AnswerToInspect };

/** From the answer worker: the drift issues of answer `id`, or why it could not be inspected or saved. */
export type AnswerWorkerResponse = { id: number; issues: DriftIssue[] } | { id: number; error: string };
