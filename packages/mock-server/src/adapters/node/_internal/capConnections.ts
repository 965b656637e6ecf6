import type { Server } from "node:net";
import type { Socket } from "node:net";

/** Connections kept open at once unless `--max-connections` says otherwise. */
export const DEFAULT_MAX_CONNECTIONS = 1024;

/** Connections past the cap that are still answered 503 before Node drops further ones unanswered (each holds a descriptor for a moment). */
const REFUSAL_RESERVE = 64;

const REFUSAL_BODY = JSON.stringify({ error: "too many open connections to this mock (--max-connections); close idle connections or retry shortly" });
const REFUSAL = `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(REFUSAL_BODY)}\r\nRetry-After: 1\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${REFUSAL_BODY}`;

/**
 * Caps the connections an HTTP `server` keeps open at `max` (issue 20, item 12: about 20,000 idle
 * sockets exhausted the process's file descriptors). A connection past the cap never reaches the
 * HTTP parser: it is answered at once with a fixed 503 `{error}` (`Retry-After: 1`,
 * `Connection: close`) and closed. Past `max` + {@link REFUSAL_RESERVE}, Node's own
 * `maxConnections` drops new connections without a word, so a flood cannot hold descriptors
 * even for the refusals. Call before the server accepts connections.
 *
 * Cost: O(1) per connection.
 * @throws RangeError for `max` outside 1..1000000
 * @example
 * capConnections(server, 1024); // the 1025th open connection reads 503
 */
export function capConnections(server: Server, max: number): void {
  if (!Number.isInteger(max) || max < 1 || max > 1_000_000) throw new RangeError(`maxConnections must be an integer in 1..1000000, got ${max}`);
  const open = new Set<Socket>();
  const accept = server.listeners("connection") as Array<(socket: Socket) => void>;
  server.removeAllListeners("connection");
  server.maxConnections = max + REFUSAL_RESERVE;
  server.on("connection", (socket: Socket) => {
    if (open.size >= max) {
      socket.on("error", () => socket.destroy());
      socket.end(REFUSAL);
      socket.setTimeout(1000, () => socket.destroy()); // a client that does not read its refusal
      return;
    }
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    for (const listener of accept) listener.call(server, socket);
  });
}
