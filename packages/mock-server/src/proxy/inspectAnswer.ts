import type { DriftIssue, JsonSchema } from "./findDrift.ts";
import { findDrift } from "./findDrift.ts";
import type { RecordedExchange } from "./RecordedExchange.ts";
import { recordExchange } from "./recordExchange.ts";

/** The OpenAPI document as far as drift checks read it. */
export interface DriftDocument {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One proxied request and the upstream's answer as they went over the wire, as plain data (it may be posted to a worker thread). */
export interface AnswerToInspect {
  /** The documented operation (`"GET /v1/strategies/{id}"`), or null when the mock has none. */
  operation: string | null;
  exchange: {
    request: {
      method: string;
      /** The path, without the query string. */
      path: string;
      query: Array<[string, string]>;
      /** The headers forwarded to the upstream. */
      headers: Array<[string, string]>;
      /** The body ("" when none). */
      body: string;
    };
    /** The upstream's answer: its whole body (at most the proxy's cap). */
    response: { status: number; headers: Array<[string, string]>; body: Uint8Array };
  };
  /** Strings cut out of a recording wherever they appear (the caller's API key). */
  secrets: string[];
  /** When the answer came (ISO 8601). */
  recordedAt: string;
}

/** What {@link inspectAnswer} found: the drift, and with `record`, the exchange to save. */
export interface Inspection {
  issues: DriftIssue[];
  exchange?: RecordedExchange;
}

/**
 * Where the per-answer work of `--proxy` runs (parsing, drift check, redaction, saving with
 * `--record`): resolves with the drift issues of the answer. The Node server runs it on a worker
 * thread (`workerAnswerInspector`), so a large answer never blocks the event loop.
 */
export type AnswerInspector = (doc: DriftDocument, answer: AnswerToInspect) => Promise<DriftIssue[]>;

/**
 * The work done on one proxied answer: its drift from the mock's document (an undocumented
 * operation or status, a non-JSON body where JSON is documented, or each field that differs,
 * {@link findDrift}), and with `record` the exchange to save, every secret and personal datum
 * removed ({@link recordExchange}; `answer.secrets`: the keys the mock knows, cut out wherever they appear).
 *
 * Cost: synchronous and O(body): parsing, the drift walk and redaction take about 0.1 s per MiB
 * of JSON; run it off the event loop for large answers (see {@link AnswerInspector}).
 * @throws RangeError when the body nests too deeply for the redaction walk
 * @example
 * inspectAnswer(doc, { operation: null, … }, false).issues[0].kind // => "undocumented"
 */
export function inspectAnswer(doc: DriftDocument, answer: AnswerToInspect, record: boolean): Inspection {
  const { response } = answer.exchange;
  const header = (headers: Array<[string, string]>, name: string) =>
    headers.find(([n]) => n.toLowerCase() === name)?.[1] ?? null;
  const contentType = header(response.headers, "content-type");
  const body = response.body;
  const isJson = contentType?.includes("json") === true;
  let json: unknown;
  if (isJson && body.length > 0) {
    try {
      json = JSON.parse(new TextDecoder().decode(body));
    } catch {
      json = undefined;
    }
  }
  const issues = driftOf(doc, answer.operation, response.status, json, isJson);
  if (!record) return { issues };
  const exchange = recordExchange(answer.exchange, answer.secrets, answer.recordedAt);
  return { issues, exchange };
}

function driftOf(
  doc: DriftDocument,
  operation: string | null,
  status: number,
  json: unknown,
  isJson: boolean,
): DriftIssue[] {
  if (operation === null)
    return [{ path: "$", kind: "undocumented", expected: "an operation of the mock's document", got: "none" }];
  const [method, path] = operation.split(" ") as [string, string];
  const responses = doc.paths[path]?.[method.toLowerCase()]?.responses ?? {};
  const response = responses[String(status)];
  if (response === undefined)
    return [{ path: "$", kind: "status", expected: Object.keys(responses).join(", "), got: String(status) }];
  const schema = response.content?.["application/json"]?.schema;
  if (schema === undefined) return [];
  if (!isJson || json === undefined)
    return [
      {
        path: "$",
        kind: "type",
        expected: "a JSON body",
        got: isJson ? "an empty or malformed body" : "a non-JSON body",
      },
    ];
  return findDrift(json, schema, doc.components?.schemas ?? {});
}
