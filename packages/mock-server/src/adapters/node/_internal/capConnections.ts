import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";
import { clientKey } from "./clientKey.ts";

/** Connections kept open at once unless `--max-connections` says otherwise. */
export const DEFAULT_MAX_CONNECTIONS = 1024;

/** Time a connection has to send a complete request head unless `--headers-seconds` says otherwise: 10 s. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/** Connections past the cap that are still answered 503 before further ones are closed unanswered (each holds a descriptor for a moment). */
const REFUSAL_RESERVE = 64;

/** Of {@link REFUSAL_RESERVE}, what one client may hold, so that one client's flood leaves refusals (and room) for the others. */
const REFUSALS_PER_CLIENT = 8;

/** How long a refused or timed-out connection may take to read its answer before it is destroyed. */
const LINGER_MS = 1000;

const REFUSAL_BODY = JSON.stringify({
  error: "too many open connections to this mock (--max-connections); close idle connections or retry shortly",
});
const REFUSAL = `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(REFUSAL_BODY)}\r\nRetry-After: 1\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${REFUSAL_BODY}`;

const TIMEOUT_BODY = JSON.stringify({
  error: "the request head was not received in time (--headers-seconds); send the request line and headers at once",
});
const TIMEOUT = `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${TIMEOUT_BODY}`;

/** Options of {@link capConnections}. */
export interface ConnectionCapOptions {
  /** Connections open at once (1..1000000). */
  max: number;
  /** A connection waiting for a request head (new, or kept alive after a response) is closed after this long, ms (≥ 1). */
  headersTimeoutMs: number;
}

/** One accepted connection. */
interface Slot {
  socket: Socket;
  client: Client;
  /** Requests whose head arrived and whose response is not finished. */
  inFlight: number;
  /** `socket.bytesRead` when it last began waiting for a head (bytes since: a head in progress). */
  bytesAtIdle: number;
  timer: NodeJS.Timeout | null;
  released: boolean;
}

/** The connections of one remote address. */
interface Client {
  key: string;
  slots: Set<Slot>;
  /** Slots waiting for a request head, oldest wait first (a Set keeps insertion order). */
  idle: Set<Slot>;
}

/**
 * Caps the connections an HTTP `server` keeps open at `max`, shares them fairly between clients
 * (remote addresses), and reclaims those that do not send a request:
 *
 * - A connection waiting for a request head (just opened, or kept alive after a response) must
 *   deliver a complete head within `headersTimeoutMs`, trickled bytes or not (slowloris): then it
 *   is closed, with a 408 `{error}` if it had sent part of a head, silently otherwise.
 * - Below `max`, every connection is accepted: one client may use them all.
 * - At `max`, a new connection from client C is weighed against C's share,
 *   ⌊max / clients⌋ (C counted): a client at or over its share is refused (503 `{error}`,
 *   `Retry-After: 1`, `Connection: close`, written before Node parses anything); a client under
 *   it gets the place of the longest-waiting connection of the client holding the most
 *   connections, if that client is over the share and has a connection waiting for a head
 *   (an idle keep-alive, never-used or slowloris socket, closed at once). A connection with a
 *   request in progress is never closed for room; with none to reclaim, C is refused.
 * - Refusals pending at once are bounded (64, at most 8 per client): past them a connection is
 *   closed unanswered, so a flood holds no descriptors. Node's own `maxConnections` (one above
 *   that) stays as a backstop.
 *
 * Call before the server accepts connections. Cost: O(1) per connection and request; O(clients)
 * for a connection that needs room.
 * @throws RangeError for `max` outside 1..1000000 or `headersTimeoutMs` not a positive integer
 * @example
 * capConnections(server, { max: 1024, headersTimeoutMs: 10_000 }); // the 1025th connection of one client reads 503; another client's is served
 */
export function capConnections(server: Server, options: ConnectionCapOptions): void {
  const { max, headersTimeoutMs } = options;
  if (!Number.isInteger(max) || max < 1 || max > 1_000_000)
    throw new RangeError(`maxConnections must be an integer in 1..1000000, got ${max}`);
  if (!Number.isInteger(headersTimeoutMs) || headersTimeoutMs < 1)
    throw new RangeError(`headersTimeoutMs must be a positive integer, got ${headersTimeoutMs}`);
  const clients = new Map<string, Client>();
  const slots = new WeakMap<Socket, Slot>();
  const refusing = new Map<string, number>();
  let open = 0;
  let refusals = 0;

  const release = (slot: Slot) => {
    if (slot.released) return;
    slot.released = true;
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.client.slots.delete(slot);
    slot.client.idle.delete(slot);
    if (slot.client.slots.size === 0) clients.delete(slot.client.key);
    open -= 1;
  };

  const waitForHead = (slot: Slot) => {
    slot.bytesAtIdle = slot.socket.bytesRead;
    slot.client.idle.delete(slot);
    slot.client.idle.add(slot);
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => headTimedOut(slot), headersTimeoutMs);
    slot.timer.unref();
  };

  const headTimedOut = (slot: Slot) => {
    slot.timer = null;
    if (slot.released || slot.inFlight > 0) return;
    const { socket } = slot;
    if (socket.bytesRead > slot.bytesAtIdle && socket.writable) {
      socket.end(TIMEOUT);
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    } else {
      socket.destroy();
    }
  };

  /** Frees a place for a new connection of `key` at the cap; false when `key` is at its share or nothing can be reclaimed. */
  const makeRoom = (key: string): boolean => {
    const own = clients.get(key)?.slots.size ?? 0;
    const share = Math.max(1, Math.floor(max / (clients.size + (own === 0 ? 1 : 0))));
    if (own >= share) return false;
    let victim: Client | undefined;
    for (const client of clients.values()) {
      if (
        client.key !== key &&
        client.idle.size > 0 &&
        client.slots.size > share &&
        (victim === undefined || client.slots.size > victim.slots.size)
      )
        victim = client;
    }
    const slot = victim?.idle.values().next().value;
    if (slot === undefined) return false;
    release(slot);
    slot.socket.destroy();
    return true;
  };

  const refuse = (socket: Socket, key: string) => {
    socket.on("error", () => socket.destroy());
    const pending = refusing.get(key) ?? 0;
    if (refusals >= REFUSAL_RESERVE || pending >= REFUSALS_PER_CLIENT) {
      socket.destroy();
      return;
    }
    refusals += 1;
    refusing.set(key, pending + 1);
    socket.once("close", () => {
      refusals -= 1;
      const left = (refusing.get(key) ?? 1) - 1;
      if (left === 0) refusing.delete(key);
      else refusing.set(key, left);
    });
    socket.end(REFUSAL);
    socket.setTimeout(LINGER_MS, () => socket.destroy()); // a client that does not read its refusal
  };

  const accept = server.listeners("connection") as Array<(socket: Socket) => void>;
  server.removeAllListeners("connection");
  server.maxConnections = max + REFUSAL_RESERVE + 1;
  server.on("connection", (socket: Socket) => {
    const key = clientKey(socket.remoteAddress);
    if (open >= max && !makeRoom(key)) {
      refuse(socket, key);
      return;
    }
    let client = clients.get(key);
    if (client === undefined) {
      client = { key, slots: new Set(), idle: new Set() };
      clients.set(key, client);
    }
    const slot: Slot = { socket, client, inFlight: 0, bytesAtIdle: 0, timer: null, released: false };
    client.slots.add(slot);
    open += 1;
    slots.set(socket, slot);
    waitForHead(slot);
    socket.once("close", () => release(slot));
    for (const listener of accept) listener.call(server, socket);
  });
  server.prependListener("request", (request: IncomingMessage, response) => {
    const slot = slots.get(request.socket);
    if (slot === undefined || slot.released) return;
    slot.inFlight += 1;
    slot.client.idle.delete(slot);
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.timer = null;
    response.once("close", () => {
      slot.inFlight -= 1;
      if (slot.inFlight === 0 && !slot.released && !slot.socket.destroyed) waitForHead(slot);
    });
  });
}
