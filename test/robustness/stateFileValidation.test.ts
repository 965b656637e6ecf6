// A bad state file is refused at start, clearly (the file, the path in it
// and the rule), with a non-zero exit from the CLI, and without touching the file: no write, no
// journal, nothing "repaired" from the fixtures. Before, only formatVersion was checked: a
// portfolio section of another version started and its first write replaced the user's
// portfolios with the fixtures; a missing idCounter gave duplicate ids.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadUniverse } from "@thematic/fixtures/load";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filePersistence } from "../../packages/mock-server/src/adapters/node/filePersistence.ts";
import { scaled } from "../_support/timeScale.ts";
import { createMock } from "../../packages/mock-server/src/app/createApp.ts";
import { createManualClock } from "../../packages/mock-server/src/clock/ManualClock.ts";
import { LAUNCHER } from "./_support/concurrencySupport.ts";

// biome-ignore lint/suspicious/noExplicitAny: test data edited freely
type Json = Record<string, any>;

const universe = loadUniverse();
const dir = mkdtempSync(join(tmpdir(), "thematic-badstate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A valid state file of the real fixtures, with a portfolio written (so the section exists). */
let valid: Json;
beforeAll(async () => {
  const file = join(dir, "valid.json");
  const { app, ctx } = createMock({
    universe,
    clock: createManualClock(),
    quiet: true,
    persistence: filePersistence(file),
  });
  const key = ctx.store.state.users.find((u) => u.active)!.apiKey;
  const symbol = [...universe.securityById.values()][0]!.symbol;
  const r = await app.request("/v1/portfolios", {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "mine", holdings: [{ symbol, weight: 1 }] }),
  });
  expect(r.status).toBe(201);
  valid = { ...(JSON.parse(JSON.stringify(ctx.store.state)) as Json), journalSeq: 0 };
});

const cases: Array<[string, (s: Json) => void, RegExp]> = [
  [
    "a portfolio section of another version",
    (s) => (s.extensions.portfolios.version = 2),
    /extensions\.portfolios\.version: must be 1/,
  ],
  ["a missing idCounter", (s) => delete s.idCounter, /idCounter: Invalid input: expected number, received undefined/],
  [
    "strategies that are not an array",
    (s) => (s.strategies = {}),
    /strategies: Invalid input: expected array, received object/,
  ],
  [
    "a build outcome that does not exist",
    (s) =>
      (s.strategies
        .find((x: Json) => x.versions.some((v: Json) => v.run !== null))
        .versions.find((v: Json) => v.run !== null).run.outcome = 7),
    /strategies\[\d+\]\.versions\[\d+\]\.run\.outcome/,
  ],
  [
    "two strategies with one id",
    (s) => (s.strategies[1].id = s.strategies[0].id),
    /strategies\[1\]\.id: repeats the id/,
  ],
  [
    "an active version that is not among the versions",
    (s) => (s.strategies[0].activeVersionId = "nope"),
    /strategies\[0\]\.activeVersionId: must be the id of one of its versions/,
  ],
  [
    "a holding weight that is text",
    (s) => (s.extensions.portfolios.portfolios[0].holdings[0].weight = "1"),
    /extensions\.portfolios\.portfolios\[0\]\.holdings\[0\]\.weight: Invalid input: expected number/,
  ],
  [
    "a section this mock does not know",
    (s) => (s.extensions.sessions = { version: 1 }),
    /extensions: Unrecognized key: "sessions"/,
  ],
  [
    "a strategy of an unknown user",
    (s) => (s.strategies[0].userId = "ghost"),
    /strategies\[0\]\.userId: must be the id of a user in users/,
  ],
  ["a state of another format version", (s) => (s.formatVersion = 2), /formatVersion: must be 1/],
  ["an unknown field in a record", (s) => (s.users[0].admin = true), /users\[0\]: Unrecognized key: "admin"/],
];

describe("a bad state file is refused at start, untouched", () => {
  it.each(cases)("%s", (_name, spoil, rule) => {
    const file = join(dir, `case-${cases.findIndex((c) => c[1] === spoil)}.json`);
    const state = structuredClone(valid);
    spoil(state);
    writeFileSync(file, JSON.stringify(state));
    const before = readFileSync(file);
    let message = "";
    try {
      createMock({ universe, clock: createManualClock(), quiet: true, persistence: filePersistence(file) });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(rule);
    expect(message).toContain(`${file} is not a valid thematic-mock state`);
    expect(readFileSync(file)).toEqual(before);
    expect(readdirSync(dir).filter((n) => n.startsWith(`case-`) && !n.endsWith(".json"))).toEqual([]); // no journal, no temporary file
  });
});

/** Runs the CLI on `file`; resolves with its exit code and stderr once it exits (or kills it after 30 s). */
function runCli(file: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LAUNCHER, "--port", "0", "--quiet", "--data", file], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("the CLI started on a bad state file instead of refusing it"));
    }, scaled(30_000));
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("the CLI refuses a bad state file", () => {
  it("exits non-zero naming the file, the path and the rule, and leaves the file as it was", async () => {
    const file = join(dir, "cli.json");
    const state = structuredClone(valid);
    state.extensions.portfolios.version = 2;
    writeFileSync(file, JSON.stringify(state));
    const before = readFileSync(file);
    const { code, stderr } = await runCli(file);
    expect(code).toBe(1);
    expect(stderr).toContain(`thematic-mock: ${file} is not a valid thematic-mock state`);
    expect(stderr).toMatch(/extensions\.portfolios\.version: must be 1/);
    expect(readFileSync(file)).toEqual(before);
  });
});
