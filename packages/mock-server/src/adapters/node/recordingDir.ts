import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exchangeFileName, type RecordedExchange } from "../../proxy/RecordedExchange.ts";

/**
 * `--record <dir>`: saves each exchange as one JSON file of `dir` (created if absent), named
 * after its method, path and key (a request asked again overwrites its file: the latest answer).
 *
 * @example
 * const record = recorder("recordings"); // then startServer({ proxy: { …, record } })
 */
export function recorder(dir: string): (exchange: RecordedExchange) => void {
  mkdirSync(dir, { recursive: true });
  return (exchange) => writeFileSync(join(dir, exchangeFileName(exchange)), `${JSON.stringify(exchange, null, 2)}\n`);
}

/**
 * `--replay <dir>`: the recorded exchanges of `dir` by key (every `*.json` file; a file that is
 * not a recorded exchange is an error naming it).
 *
 * @throws Error when `dir` cannot be read or a file is not an exchange
 */
export function loadRecordings(dir: string): Map<string, RecordedExchange> {
  const byKey = new Map<string, RecordedExchange>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    const exchange = JSON.parse(readFileSync(join(dir, name), "utf8")) as RecordedExchange;
    if (typeof exchange?.key !== "string" || typeof exchange.response?.status !== "number") throw new Error(`--replay: ${join(dir, name)} is not a recorded exchange`);
    byKey.set(exchange.key, exchange);
  }
  return byKey;
}
