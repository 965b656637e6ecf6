import { createHash } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  type Stats,
  statSync,
} from "node:fs";
import { join } from "node:path";
import type { RecordedExchange } from "../../proxy/RecordedExchange.ts";
import { prepareReplay } from "../../proxy/replayMiddleware.ts";
import { nodeFs } from "./_internal/SyncFs.ts";
import { writeFileAtomically } from "./_internal/writeFileAtomically.ts";

/**
 * The file name of a recorded exchange: its method, its path (letters and digits, at most 80
 * characters) and the SHA-256 of its match key, `GET_v1_strategies_<64 hex digits>.json`. Two
 * requests share a file only when they share a key (the same request: the later answer replaces
 * the earlier one); a short hash would let two different requests overwrite each other.
 *
 * @example
 * recordingFileName(exchange) // => "GET_v1_health_9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.json"
 */
export function recordingFileName(exchange: RecordedExchange): string {
  const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "");
  const digest = createHash("sha256").update(exchange.key).digest("hex");
  return `${slug(exchange.request.method).slice(0, 16)}_${slug(exchange.request.path).slice(0, 80)}_${digest}.json`;
}

/**
 * `--record <dir>`: saves each exchange as one JSON file of `dir` (created if absent), named by
 * {@link recordingFileName} (a request asked again replaces its file: the latest answer), written
 * whole or not at all (a temporary file renamed over it).
 *
 * @throws the file system's error when `dir` cannot be created (at once) or a file not written (on that save)
 * @example
 * const record = recorder("recordings"); // then createApp({ proxy: { …, record } })
 */
export function recorder(dir: string): (exchange: RecordedExchange) => void {
  mkdirSync(dir, { recursive: true });
  return (exchange) =>
    writeFileAtomically(
      nodeFs,
      join(dir, recordingFileName(exchange)),
      Buffer.from(`${JSON.stringify(exchange, null, 2)}\n`),
    );
}

/**
 * `--replay <dir>`: the recorded exchanges of `dir` by key, from every `*.json` entry, each checked
 * and made ready to send (`prepareReplay`). An entry that is not a regular file (a FIFO, a socket,
 * a directory, a device, a link to one) is refused without being opened, since reading a FIFO
 * would wait for a writer forever; a file that cannot be read, is not JSON or is not a valid
 * exchange is refused too. Of two files with the same key, the later `recordedAt` wins.
 *
 * @throws Error beginning `--replay: <path>:` naming the file (or the folder) and what is wrong
 * @example
 * const recordings = loadRecordings("recordings"); // then createApp({ replay: (key) => recordings.get(key) })
 */
export function loadRecordings(dir: string): Map<string, RecordedExchange> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    throw new Error(`--replay: ${dir}: the folder cannot be read (${messageOf(error)})`);
  }
  const byKey = new Map<string, RecordedExchange>();
  for (const name of names.filter((f) => f.endsWith(".json")).sort()) {
    const path = join(dir, name);
    let exchange: RecordedExchange;
    try {
      exchange = readExchange(path);
    } catch (error) {
      throw new Error(`--replay: ${path}: ${messageOf(error)}`);
    }
    const known = byKey.get(exchange.key);
    if (known === undefined || known.recordedAt <= exchange.recordedAt) byKey.set(exchange.key, exchange);
  }
  return byKey;
}

/** Reads and checks one recording; refuses any entry but a regular file before opening it, and again on the open file (it may have been swapped). */
function readExchange(path: string): RecordedExchange {
  let info = lstatSync(path);
  if (info.isSymbolicLink()) info = statSync(path);
  if (!info.isFile()) throw new Error(`${kindOf(info)}, not a regular file: move it out of the folder`);
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  let text: string;
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw new Error(`${kindOf(opened)}, not a regular file: move it out of the folder`);
    text = readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON (${messageOf(error)})`);
  }
  prepareReplay(value as RecordedExchange);
  return value as RecordedExchange;
}

function kindOf(info: Stats): string {
  if (info.isFIFO()) return "a FIFO (named pipe)";
  if (info.isDirectory()) return "a directory";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice() || info.isBlockDevice()) return "a device";
  return "not a file";
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
