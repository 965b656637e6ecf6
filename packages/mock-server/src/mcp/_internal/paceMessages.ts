import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { jsonByteLength } from "../../_internal/jsonByteLength.ts";
import { yieldToEventLoop } from "../../_internal/yieldToEventLoop.ts";

/** JSON-RPC error code of a request the mock did not run (the implementation-defined server-error range, -32000..-32099). */
export const NOT_RUN_CODE = -32000;

/** Options of {@link paceMessages}. */
export interface PaceOptions {
  /** Once the answers already sent reach this many bytes of JSON, the requests not yet run are refused. */
  maxAnswerBytes: number;
  /** The HTTP request's signal: once aborted (its client left), the requests not yet run are refused. */
  signal?: AbortSignal | undefined;
}

/**
 * Bounds the work one HTTP request to the MCP endpoint makes the event loop do (docs/decisions.md
 * "MCP batches"). A JSON-RPC batch may carry 100 requests (the SDK's cap); the SDK starts them all
 * at once, and as the tools are synchronous they ran back to back in one turn of the event loop
 * (100 worst-case premade searches held `/v1/health` for 6 to 18 s). Here the requests of one
 * HTTP request run one at a time, in batch order, with a turn of the event loop
 * ({@link yieldToEventLoop}) between two, so other clients are served between calls; and a
 * request is not run, but answered at once with the JSON-RPC error {@link NOT_RUN_CODE} saying
 * why, when the client has left (`signal` aborted) or when the answers already sent reach
 * `maxAnswerBytes` (the whole batch answer is serialised in one piece at the end, so its size is
 * what bounds that last step). Notifications and responses pass straight through.
 *
 * Wraps the transport's `onmessage` (set by `server.connect`) and `send`: call it after connecting.
 * Cost: one macrotask per request after the first; one JSON serialisation of each answer that has
 * requests waiting behind it (to count its bytes).
 * @throws Error when the transport has no `onmessage` yet (not connected)
 * @example
 * await server.connect(transport);
 * paceMessages(transport, { maxAnswerBytes: LIMITS.MCP_ANSWER_MAX_BYTES, signal: request.signal });
 */
export function paceMessages(transport: Transport, options: PaceOptions): void {
  const deliver = transport.onmessage;
  if (deliver === undefined) throw new Error("paceMessages: connect the server to the transport first");
  const send = transport.send.bind(transport);
  const answered = new Map<RequestId, () => void>();
  let waiting = 0;
  let answeredBytes = 0;
  let first = true;
  let tail: Promise<void> = Promise.resolve();

  transport.send = async (message, sendOptions) => {
    const id = responseId(message);
    if (id !== undefined && waiting > 0) answeredBytes += jsonByteLength(message);
    try {
      await send(message, sendOptions);
    } finally {
      if (id !== undefined) {
        answered.get(id)?.();
        answered.delete(id);
      }
    }
  };

  const run = async (message: JSONRPCRequest, extra: Parameters<typeof deliver>[1]): Promise<void> => {
    waiting--;
    if (!first) await yieldToEventLoop();
    first = false;
    const refusal = options.signal?.aborted
      ? "not run: the client closed the HTTP request before this call's turn"
      : answeredBytes >= options.maxAnswerBytes
        ? `not run: the earlier answers of this HTTP request already reach ${answeredBytes} bytes, and the mock answers at most ${options.maxAnswerBytes} bytes per request; send this call in another request`
        : undefined;
    if (refusal !== undefined) {
      await send({ jsonrpc: "2.0", id: message.id, error: { code: NOT_RUN_CODE, message: refusal } }).catch(
        () => undefined,
      );
      return;
    }
    const done = new Promise<void>((resolve) => answered.set(message.id, resolve));
    deliver(message, extra);
    await done;
  };

  transport.onmessage = (message, extra) => {
    if (!isRequest(message)) {
      deliver(message, extra);
      return;
    }
    waiting++;
    tail = tail.then(() => run(message, extra));
  };
}

/** A JSON-RPC request (it has a method and an id; a notification has no id). Structural, O(1): the SDK's guards parse the whole message. */
function isRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return "method" in message && "id" in message;
}

/** The id a response answers, or undefined for a request or notification. */
function responseId(message: JSONRPCMessage): RequestId | undefined {
  return !("method" in message) && "id" in message && ("result" in message || "error" in message)
    ? message.id
    : undefined;
}
