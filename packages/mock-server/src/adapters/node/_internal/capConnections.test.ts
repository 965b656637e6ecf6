import { get } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { testUniverse } from "../../../_test/testUniverse.ts";
import { type RunningServer, startServer } from "../startServer.ts";

// Loopback addresses 127.0.0.2… are separate clients to the server (Linux routes 127/8 to lo).
const CLIENT_A = "127.0.0.2";
const CLIENT_B = "127.0.0.3";
const HEALTH = "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

const servers: RunningServer[] = [];
const sockets: Socket[] = [];
const timers: NodeJS.Timeout[] = [];
afterEach(async () => {
  for (const t of timers.splice(0)) clearInterval(t);
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options: Parameters<typeof startServer>[0]): Promise<RunningServer> {
  const server = await startServer({ port: 0, universe: testUniverse, quiet: true, ...options });
  servers.push(server);
  return server;
}

/** A raw connection from `localAddress`, resolved once established; `received` collects what the server writes, `closed` resolves on close. */
async function open(
  port: number,
  localAddress: string,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  let text = "";
  const socket = connect({ port, host: "127.0.0.1", localAddress });
  sockets.push(socket);
  socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return { socket, received: () => text, closed };
}

/** Sends a head one line at a time, a header line every 20 ms, never finishing it. */
function trickle(socket: Socket): void {
  socket.write("GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  let n = 0;
  timers.push(setInterval(() => socket.writable && socket.write(`X-Slow-${n++}: 1\r\n`), 20));
}

/** A kept-alive connection that has had one answer and now waits. */
async function keptAlive(port: number, localAddress: string) {
  const c = await open(port, localAddress);
  c.socket.write(HEALTH);
  await new Promise<void>((resolve) => c.socket.once("data", () => resolve()));
  return c;
}

/** GET /v1/health on a new connection from `localAddress`: the status, or 0 when the connection failed. */
function health(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    const request = get({ host: "127.0.0.1", port, path: "/v1/health", localAddress, agent: false }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
    });
    request.once("error", () => resolve(0));
  });
}

describe("connection share and head timeout (Node adapter)", () => {
  it("one client's idle, slowloris and kept-alive sockets at the cap do not starve another client, whose health checks all succeed", async () => {
    const server = await start({ maxConnections: 12, headersTimeoutMs: 3_600_000 });
    const a = [
      ...(await Promise.all([1, 2, 3, 4].map(() => open(server.port, CLIENT_A)))), // never send
      ...(await Promise.all([1, 2, 3, 4].map(() => open(server.port, CLIENT_A)))), // slowloris
      ...(await Promise.all([1, 2, 3, 4].map(() => keptAlive(server.port, CLIENT_A)))),
    ];
    for (const c of a.slice(4, 8)) trickle(c.socket);
    // A holds every place: its next connection is over its share, refused at once.
    const over = await open(server.port, CLIENT_A);
    await over.closed;
    expect(over.received()).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);

    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      a.push(await open(server.port, CLIENT_A)); // A takes back any place freed meanwhile (or is refused)
      statuses.push(await health(server.port, CLIENT_B));
    }
    expect(statuses).toEqual(Array(10).fill(200));
    // B's places came from A's waiting sockets, closed by the server without an answer.
    const closedByServer = a.filter((c) => c.socket.destroyed && !c.received().includes("503 Service Unavailable"));
    expect(closedByServer.length).toBeGreaterThanOrEqual(1);
  });

  it("a client under the cap is never refused for another's share: alone, one client may use every place", async () => {
    const server = await start({ maxConnections: 6, headersTimeoutMs: 3_600_000 });
    const own = await Promise.all([1, 2, 3, 4, 5].map(() => open(server.port, CLIENT_A)));
    expect(await health(server.port, CLIENT_A)).toBe(200);
    expect(own.every((c) => !c.socket.destroyed)).toBe(true);
  });

  it("the configured head timeout, not Node's, closes a socket that never sends, a slowloris head and an idle keep-alive: the short one's close before the long one's", async () => {
    // Opened first on a server whose head timeout is an hour: with Node's defaults (about 60 s each) these would close first.
    const slowServer = await start({ headersTimeoutMs: 3_600_000 });
    const patient = await open(slowServer.port, CLIENT_A);
    const patientSlow = await open(slowServer.port, CLIENT_A);
    trickle(patientSlow.socket);
    const server = await start({ headersTimeoutMs: 300 });
    const silent = await open(server.port, CLIENT_A);
    const slowloris = await open(server.port, CLIENT_A);
    trickle(slowloris.socket);
    const idle = await keptAlive(server.port, CLIENT_A);

    const order: string[] = [];
    const watch = (name: string, closed: Promise<void>) => closed.then(() => order.push(name));
    const all = Promise.all([
      watch("silent", silent.closed),
      watch("slowloris", slowloris.closed),
      watch("idle", idle.closed),
    ]);
    void watch("patient", patient.closed);
    void watch("patientSlow", patientSlow.closed);
    await all;
    expect(order.slice(0, 3).sort()).toEqual(["idle", "silent", "slowloris"]);
    expect(silent.received()).toBe(""); // nothing sent, nothing answered
    expect(slowloris.received()).toMatch(
      /^HTTP\/1\.1 408 Request Timeout\r\n[\s\S]*"error":"the request head was not received in time/,
    );
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(patient.socket.destroyed || patientSlow.socket.destroyed).toBe(false);
    // The server still serves well-behaved clients.
    expect(await health(server.port, CLIENT_B)).toBe(200);
  });

  it("headersTimeoutMs is validated", async () => {
    await expect(startServer({ port: 0, universe: testUniverse, quiet: true, headersTimeoutMs: 0 })).rejects.toThrow(
      /headersTimeoutMs must be an integer in 1\.\.3600000/,
    );
  });
});
