// Sends one robustness case and lists what is wrong with the answer: the response checks, the
// documented statuses, the state (unchanged by a rejected request) and the error log.
import type { Endpoint } from "./endpoints.ts";
import type { Operation } from "./documentedOperations.ts";
import { responseProblems } from "./responseChecks.ts";
import type { Outgoing, Received, World } from "./world.ts";

/** Everything a request may change: the store's state, the clock offset and the run-time settings. */
export function stateKey(world: World): string {
  return JSON.stringify([
    world.ctx.store.state,
    world.ctx.clock.offset(),
    world.ctx.options,
    world.sessions.list().map((x) => x.name),
  ]);
}

/** A short description of a request for failure messages (long values cut). */
export function describeRequest(r: Outgoing): string {
  const body = r.body === undefined ? "" : typeof r.body === "string" ? r.body : JSON.stringify(r.body);
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
  return `${r.method} ${cut(r.path, 200)} ${JSON.stringify(r.headers ?? {})} ${cut(body, 300)}`;
}

/** What a probe found: the response and its problems (empty when all is well). */
export interface ProbeResult {
  response: Received;
  problems: string[];
}

/**
 * Sends `request` from the fixtures' state (restored first when an earlier case changed it) and
 * checks: {@link responseProblems}; the status is one `operation` documents (or 404 when the
 * path was mutated so that no route matches, or 401 for a request without a valid key); the
 * state is unchanged after any 4xx or 202; no unexpected error was logged.
 */
export async function probe(
  world: World,
  pristine: string,
  endpoint: Endpoint,
  operation: Operation | undefined,
  request: Outgoing,
  opts: { pathMutated?: boolean } = {},
): Promise<ProbeResult> {
  if (stateKey(world) !== pristine) world.restore();
  const logged = world.logs.length;
  const response = await world.send(request);
  const problems = responseProblems(response);
  const allowed = new Set(operation?.statuses ?? []);
  if (opts.pathMutated === true) allowed.add(404);
  // A body sent without a JSON content type: hono's validator answers 415 (a correct HTTP answer
  // the OpenAPI document does not list per operation).
  const type = Object.entries(request.headers ?? {}).find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "";
  if (operation?.hasBody === true && !/^application\/json/i.test(type.trim())) allowed.add(415);
  if (!allowed.has(response.status))
    problems.push(
      `status ${response.status} not documented for ${endpoint.method} ${endpoint.path} (${[...allowed].join(", ")}): ${response.text.slice(0, 200)}`,
    );
  if (response.status >= 400 || response.status === 202) {
    if (stateKey(world) !== pristine) problems.push(`a rejected request (${response.status}) changed the state`);
  }
  const errors = world.logs.slice(logged).filter((l) => l.includes("unexpected error"));
  if (errors.length > 0) problems.push(`logged: ${errors[0]!.slice(0, 400)}`);
  return { response, problems: problems.map((p) => `${p}\n    request: ${describeRequest(request)}`) };
}
