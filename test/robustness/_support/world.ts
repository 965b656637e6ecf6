// The app under test: the default mock on the REAL fixtures (loaded once per test file), a manual
// clock, no request log (unexpected errors are still captured), and the three fixture users the
// robustness tests need: an owner, another active user and an inactive user. It is built by the
// session dispatcher, as every server is, so the sandbox-session routes are served and fuzzed too;
// one session, `resident`, is always open (so the DELETE example has something to delete).
import { loadUniverse } from "@thematic/fixtures/load";
import type { Mock } from "../../../packages/mock-server/src/app/createApp.ts";
import { createSessionDispatcher } from "../../../packages/mock-server/src/app/createSessionDispatcher.ts";
import type { SessionControl } from "../../../packages/mock-server/src/context/SessionControl.ts";
import { createManualClock } from "../../../packages/mock-server/src/clock/ManualClock.ts";
import type { Universe } from "../../../packages/mock-server/src/_internal/fixtures.ts";

/** A fixture user as the tests address it. */
export interface WorldUser {
  id: string;
  name: string;
  apiKey: string;
}

/** One request as the tests send it. */
export interface Outgoing {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is (a string) or JSON-encoded with `Content-Type: application/json` (anything else). */
  body?: unknown;
}

/** A response read whole: status, headers, the body text and (when JSON) the parsed body. */
export interface Received {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** The mock, its users and a way to send requests and restore the state between cases. */
export interface World extends Mock {
  universe: Universe;
  /** Owns public and private strategies and portfolios (Ines in users.json). */
  owner: WorldUser;
  /** Another active user (Marek). */
  other: WorldUser;
  /** An inactive user (Dana). */
  inactive: WorldUser;
  /** Lines the app logged (with quiet logging: only unexpected errors). */
  logs: string[];
  /** Sends one request in process and reads the whole response. */
  send(request: Outgoing): Promise<Received>;
  /** `Authorization` header of a user. */
  auth(user: WorldUser): Record<string, string>;
  /** The sandbox sessions (`/__mock/sessions`). */
  sessions: SessionControl;
  /** Back to the fixtures' state, clock offset 0, the initial settings, only the `resident` session. */
  restore(): void;
}

/** The session always open in a restored world. */
export const RESIDENT_SESSION = "resident";

let cached: Universe | undefined;

/** The fixture universe, loaded once per test file (module instance). */
export function fixtureUniverse(): Universe {
  cached ??= loadUniverse();
  return cached;
}

function user(universe: Universe, name: string): WorldUser {
  const u = universe.users.find((x) => x.name.startsWith(name));
  if (u === undefined) throw new Error(`fixture user ${name} not found in users.json`);
  return { id: u.id, name: u.name, apiKey: u.apiKey };
}

/**
 * A fresh mock on the real fixtures with a manual clock two days after the fixtures' as-of date.
 *
 * @example
 * const w = createWorld();
 * (await w.send({ method: "GET", path: "/v1/health" })).status // => 200
 */
export function createWorld(): World {
  const universe = fixtureUniverse();
  const logs: string[] = [];
  const clock = createManualClock(Date.parse(`${universe.asOf}T12:00:00Z`) + 2 * 86_400_000);
  const { mock, sessions } = createSessionDispatcher({
    universe,
    clock,
    quiet: true,
    log: (line) => logs.push(line),
    buildDurationMs: 4000,
    latencyMs: 0,
  });
  sessions.open(RESIDENT_SESSION);
  const settings = { ...mock.ctx.options };
  const owner = user(universe, "Ines");
  const other = user(universe, "Marek");
  const inactive = user(universe, "Dana");
  if (inactive.apiKey === "" || universe.users.find((u) => u.id === inactive.id)?.active !== false)
    throw new Error("Dana must be inactive in users.json");

  async function send(request: Outgoing): Promise<Received> {
    const headers: Record<string, string> = { ...(request.headers ?? {}) };
    let body: string | undefined;
    if (typeof request.body === "string") body = request.body;
    else if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
        headers["Content-Type"] = "application/json";
    }
    const response = await mock.app.request(request.path, {
      method: request.method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  return {
    ...mock,
    universe,
    owner,
    other,
    inactive,
    logs,
    send,
    sessions,
    auth: (u) => ({ Authorization: `Bearer ${u.apiKey}` }),
    restore() {
      // resetMock without clearing the memo: its entries are derived from the universe or keyed by
      // content (version id + objective + exclusions), so they stay valid and the cases stay fast.
      mock.ctx.store.reset();
      mock.ctx.clock.resetOffset();
      Object.assign(mock.ctx.options, settings);
      const names = sessions.list().map((x) => x.name);
      if (names.length !== 1 || names[0] !== RESIDENT_SESSION) {
        for (const name of names) if (name !== RESIDENT_SESSION) sessions.remove(name);
        sessions.open(RESIDENT_SESSION);
      }
    },
  };
}
