import { LIMITS } from "../schemas/limits.ts";

/** One request as the studio shows it. Never holds a header or a body (no key leaks into the log). */
export interface LoggedRequest {
  /** 1, 2, 3… in arrival order of completion; never reused while the process lives. */
  seq: number;
  /** The mock's clock when the response was ready (ISO 8601; moves with the control surface's fast-forward). */
  at: string;
  method: string;
  /** Path and query string, cut to 300 characters. */
  path: string;
  status: number;
  /** Time to the response, ms (includes simulated latency). */
  durationMs: number;
  /** The authenticated user's id, or null (no key, a bad key, or an unauthenticated route). */
  userId: string | null;
  /** Present (true) when the answer came from a `--replay` recording rather than the mock or the upstream. */
  replayed?: true;
}

/** The last `capacity` requests, in memory. */
export interface RequestLog {
  readonly capacity: number;
  /** Records a request; `atMs` is the mock's clock (ms since the epoch), formatted as `at` only when read. */
  record(entry: Omit<LoggedRequest, "seq" | "at" | "replayed"> & { atMs: number; replayed?: boolean }): void;
  /** Entries with `seq > after`, oldest first, at most `limit` of the newest such. */
  since(after: number, limit?: number): LoggedRequest[];
  /** The seq of the newest entry, 0 before any. */
  latestSeq(): number;
}

/** Longest path kept, characters. */
const PATH_MAX = 300;

/**
 * A ring buffer of the most recent requests: O(1) to record, O(k) to read the k newest, fixed
 * memory (`capacity` entries). Used by the request log middleware and `GET /__mock/requests`.
 * Times are kept as numbers and written as ISO 8601 when read: recording sits on every
 * request's path, reading only on the studio's.
 *
 * @example
 * const log = createRequestLog(2);
 * for (const p of ["/a", "/b", "/c"]) log.record({ atMs: 0, method: "GET", path: p, status: 200, durationMs: 1, userId: null });
 * log.since(0).map((e) => e.path) // => ["/b", "/c"]
 */
export function createRequestLog(capacity: number = LIMITS.REQUEST_LOG_MAX_COUNT): RequestLog {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`request log capacity must be an integer >= 1, got ${capacity}`);
  type Kept = Omit<LoggedRequest, "at"> & { atMs: number };
  const ring: Array<Kept | undefined> = new Array(capacity);
  const present = (e: Kept): LoggedRequest => ({
    seq: e.seq,
    at: new Date(e.atMs).toISOString(),
    method: e.method,
    path: e.path,
    status: e.status,
    durationMs: e.durationMs,
    userId: e.userId,
    ...(e.replayed === true ? { replayed: true as const } : {}),
  });
  let seq = 0;
  return {
    capacity,
    record(entry) {
      seq += 1;
      const { path } = entry;
      ring[seq % capacity] = {
        seq,
        atMs: entry.atMs,
        method: entry.method,
        path: path.length > PATH_MAX ? `${path.slice(0, PATH_MAX - 1)}…` : path,
        status: entry.status,
        durationMs: entry.durationMs,
        userId: entry.userId,
        ...(entry.replayed === true ? { replayed: true as const } : {}),
      };
    },
    since(after, limit = capacity) {
      const from = Math.max(after + 1, seq - Math.min(limit, capacity) + 1, 1);
      const out: LoggedRequest[] = [];
      for (let s = from; s <= seq; s++) out.push(present(ring[s % capacity]!));
      return out;
    },
    latestSeq: () => seq,
  };
}
