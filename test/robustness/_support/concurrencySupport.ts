// Helpers of the concurrency and crash-safety tests: a tiny JSON client, the CLI as a child
// process, a seeded PRNG and a structural check of the state file. Test support only.
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { scaled } from "../../_support/timeScale.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** The repository's `thematic-mock` launcher (`npm start`: bundles the CLI source with esbuild, then runs it). */
export const LAUNCHER = join(repo, "scripts", "thematic-mock-dev.mjs");

/** Status and parsed JSON body (undefined when empty) of one request. */
export interface Reply<T> {
  status: number;
  body: T;
}

/**
 * One JSON request to `base + path` with a bearer key (none when `key` is null).
 *
 * @param payload sent as JSON when defined
 * @throws TypeError from fetch when the connection fails (e.g. the server was killed)
 * @example
 * (await request(url, key, "GET", "/v1/health")).status // => 200
 */
export async function request<T>(
  base: string,
  key: string | null,
  method: string,
  path: string,
  payload?: unknown,
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (payload !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === "" ? undefined : JSON.parse(text)) as T };
}

/** The CLI running as a child process. */
export interface MockChild {
  child: ChildProcess;
  url: string;
  /** First API key of the banner. */
  key: string;
  /** Resolves when the process has exited (by any cause). */
  exited: Promise<void>;
}

/**
 * Starts `node scripts/thematic-mock-dev.mjs --port 0 --quiet [--data file]` and resolves once its banner
 * (URL and API keys) is printed.
 *
 * @param dataFile state file (`--data`), or null for in-memory state
 * @throws Error when the child exits or prints no banner within 30 s
 * @example
 * const mock = await spawnMock("/tmp/x/state.json"); mock.url.startsWith("http://127.0.0.1:") // => true
 */
export function spawnMock(dataFile: string | null): Promise<MockChild> {
  const args = [LAUNCHER, "--port", "0", "--quiet", ...(dataFile === null ? [] : ["--data", dataFile])];
  const child = spawn(process.execPath, args, { cwd: repo, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the mock printed no banner within ${scaled(30_000) / 1000} s: ${out}${err}`));
    }, scaled(30_000));
    child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the mock exited early (${code ?? signal}): ${err}`));
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/[^\s]+)/.exec(out)?.[1];
      const key = /API keys[^\n]*\n\s+(\S+)/.exec(out)?.[1];
      if (url === undefined || key === undefined) return;
      clearTimeout(timer);
      resolve({ child, url, key, exited });
    });
  });
}

export { seededRandom } from "../../../packages/engine/src/_test/seededRandom.ts";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";
const isFiniteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Problems of a parsed state file (empty when it is a well-formed `StoreState` of format 1 with
 * well-formed strategies, versions and portfolios). A structural check, not a full schema.
 *
 * @example
 * stateFileProblems(JSON.parse(readFileSync(file, "utf8"))) // => []
 */
export function stateFileProblems(state: unknown): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  if (!isObject(state)) return ["state is not an object"];
  need(state.formatVersion === 1, "formatVersion must be 1");
  need(
    isFiniteNumber(state.idSeed) && isFiniteNumber(state.idCounter) && isFiniteNumber(state.clockOffsetMs),
    "idSeed, idCounter, clockOffsetMs must be numbers",
  );
  need(
    Array.isArray(state.users) && state.users.every((u) => isObject(u) && isString(u.id) && isString(u.apiKey)),
    "users must be {id, apiKey}[]",
  );
  const strategies = Array.isArray(state.strategies) ? state.strategies : [];
  need(Array.isArray(state.strategies), "strategies must be an array");
  const ids = new Set<unknown>();
  strategies.forEach((s: unknown, i) => {
    const ok =
      isObject(s) &&
      isString(s.id) &&
      isString(s.name) &&
      isString(s.objective) &&
      Array.isArray(s.exclusions) &&
      s.exclusions.every(isString) &&
      Array.isArray(s.versions) &&
      s.versions.every((v) => isObject(v) && isString(v.id) && isString(v.objective)) &&
      (s.activeVersionId === null ||
        (Array.isArray(s.versions) && s.versions.some((v) => isObject(v) && v.id === s.activeVersionId)));
    need(ok, `strategies[${i}] is malformed`);
    if (isObject(s)) ids.add(s.id);
  });
  need(ids.size === strategies.length, "strategy ids must be unique");
  if (!isObject(state.extensions)) return [...problems, "extensions must be an object"];
  const area = state.extensions.portfolios;
  if (area !== undefined) {
    const portfolios = isObject(area) && Array.isArray(area.portfolios) ? area.portfolios : null;
    need(portfolios !== null, "extensions.portfolios.portfolios must be an array");
    const names = new Set<string>();
    (portfolios ?? []).forEach((p: unknown, i) => {
      const ok =
        isObject(p) &&
        isString(p.id) &&
        isString(p.userId) &&
        isString(p.name) &&
        Array.isArray(p.holdings) &&
        p.holdings.every((h) => isObject(h) && isString(h.securityId) && isFiniteNumber(h.weight));
      need(ok, `portfolios[${i}] is malformed`);
      if (isObject(p)) {
        const key = `${String(p.userId)}\u0000${String(p.name)}`;
        need(!names.has(key), `portfolios[${i}]: duplicate name ${String(p.name)} for its owner`);
        names.add(key);
      }
    });
  }
  return problems;
}
