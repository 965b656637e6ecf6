// One test worker (a worker thread) using its own sandbox session of a shared mock server:
// it writes strategies and portfolios, interleaved with the other workers, then reports what it
// sees. Plain JavaScript and the platform fetch, as a test runner's worker would be.
import { parentPort, workerData } from "node:worker_threads";

const { baseUrl, session, apiKey, strategies, symbol } = workerData;
const headers = { Authorization: `Bearer ${apiKey}`, "X-Mock-Session": session, "Content-Type": "application/json" };

async function call(method, path, body) {
  const response = await fetch(baseUrl + path, {
    method,
    headers,
    body: JSON.stringify(body ?? {}) === "{}" && method === "GET" ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${session}: ${method} ${path} → ${response.status} ${text}`);
  return text === "" ? undefined : JSON.parse(text);
}

const before = await call("GET", "/v1/strategies");
const created = [];
for (let k = 0; k < strategies; k++) {
  const s = await call("POST", "/v1/strategies", {
    name: `${session}-s${k}`,
    objective: `Water utilities and desalination, case ${k}.`,
  });
  created.push(s.id);
  if (k % 3 === 0) await call("POST", `/v1/strategies/${s.id}/submit`);
  if (k % 5 === 4) await call("PATCH", `/v1/strategies/${s.id}`, { name: `${session}-s${k}-renamed` });
}
await call("POST", "/v1/portfolios", { name: `${session}-portfolio`, holdings: [{ symbol, weight: 1 }] });
await call("POST", "/__mock/clock/advance", { ms: 1000 * (1 + Number(session.replace(/\D/g, ""))) });
const state = await call("GET", "/__mock/state");
const after = await call("GET", "/v1/strategies");
const portfolios = await call("GET", "/v1/portfolios");
parentPort.postMessage({
  session,
  before: before.length,
  after: after.map((s) => s.name),
  createdIds: created,
  portfolios: portfolios.map((p) => p.name),
  clockOffsetMs: state.clockOffsetMs,
});
