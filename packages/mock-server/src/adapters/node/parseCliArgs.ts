import { parseArgs, type ParseArgsConfig } from "node:util";
import { closestNames } from "../../_internal/closestNames.ts";
import { ALLOWED_HOST_PATTERN, CORS_ORIGIN_PATTERN, type ExtraKey } from "../../config/MockOptions.ts";
import type { StartServerOptions } from "./startServer.ts";

/** The CLI's usage text. */
export const USAGE = `Usage: thematic-mock [options]

Serves the local mock of the thematic-investing REST service.

  --port <n>            TCP port (default 4010; 0 picks a free port)
  --host <addr>         interface to bind (default 127.0.0.1). Any other than loopback exposes the
                        mock to the network: a warning says what
  --cors-origin <origin>  allow browser pages of this origin (repeatable): https://app.example.com,
                        http://host:* (any port), or * (every origin). Default: http(s)://localhost:*,
                        127.0.0.1:* and [::1]:*
  --allowed-hosts <h,...>  accept these Host header names besides loopback names and IP addresses
                        (repeatable; .example.com accepts its subdomains; all = any host, which
                        allows DNS-rebinding attacks)
  --seed <n>            seed of generated ids (default 1)
  --latency <ms>        latency added to every request (default 0)
  --build-seconds <s>   duration of a strategy build (default 4; 0 = instant)
  --optimizer-seconds <s>  time limit of one optimizer request, queue wait included (default 5; 0 = none)
  --optimizer-workers <n>  optimizer worker threads (default: cores - 1, at least 1)
  --optimizer-queue <n>  optimizer requests that may wait for a worker; more get 429 (default 16)
  --data <file>         persist state in <file> (atomic writes); default: in memory, fresh each start
  --add-key <key[=userId]>  accept another API key (repeatable): alone it is a new user; with
                        =userId it authenticates as that fixture user
  --max-sessions <n>    sandbox sessions (X-Mock-Session) alive at once (default 64; 1..1000)
  --session-idle-minutes <n>  drop a sandbox session unused for this long (default 30; 0 = never)
  --max-connections <n>  connections open at once, shared fairly between client addresses; past
                        a client's share, its next one is answered 503 and closed (default 1024)
  --headers-seconds <s>  time a connection has to send a complete request head, new or kept
                        alive; then it is closed (default 10)
  --proxy <url>         forward every /v1 and /v2 request to this real deployment (with the caller's
                        key) and report where its answers differ from the mock's schemas: in the
                        log, the studio and GET /__mock/drift
  --record <dir>        with --proxy: save each answer in <dir> (keys and personal data removed)
  --max-upstream-body <MiB>  with --proxy: largest upstream answer read (default 16; 1..1024); a
                        larger one is cut off and answered 502
  --replay <dir>        answer the requests recorded in <dir> from there (others: the mock, or the
                        upstream with --proxy)
  --no-control          do not mount the /__mock control endpoints (nor sandbox sessions)
  --strict              refuse unknown request-body fields with 400 (default: a Warning header)
  --rate-limit <n>[/<s>]  at most n requests per s seconds (default 60) per API key; more get 429
                        with Retry-After; RateLimit headers on every answer (default: no limit)
  --quiet               no request log lines
  --help                this text
`;

/** What the CLI does: print usage, or start with these options. */
export type CliCommand = { kind: "help" } | { kind: "start"; options: StartServerOptions };

/**
 * Parses the `thematic-mock` arguments.
 *
 * @throws Error naming the flag and its rule for a bad value or an unknown flag
 * @example
 * parseCliArgs(["--port", "0", "--quiet"]) // => { kind: "start", options: { port: 0, quiet: true, … } }
 */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const { values } = parseStrictly(argv, {
    port: { type: "string" },
    host: { type: "string" },
    seed: { type: "string" },
    latency: { type: "string" },
    "build-seconds": { type: "string" },
    "optimizer-seconds": { type: "string" },
    "optimizer-workers": { type: "string" },
    "optimizer-queue": { type: "string" },
    "cors-origin": { type: "string", multiple: true },
    "allowed-hosts": { type: "string", multiple: true },
    data: { type: "string" },
    "add-key": { type: "string", multiple: true },
    "max-sessions": { type: "string" },
    "session-idle-minutes": { type: "string" },
    "max-connections": { type: "string" },
    "headers-seconds": { type: "string" },
    proxy: { type: "string" },
    record: { type: "string" },
    "max-upstream-body": { type: "string" },
    replay: { type: "string" },
    "no-control": { type: "boolean" },
    strict: { type: "boolean" },
    "rate-limit": { type: "string" },
    quiet: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help === true) return { kind: "help" };
  const options: StartServerOptions = { quiet: values.quiet === true, controlEnabled: values["no-control"] !== true };
  if (values.port !== undefined) options.port = integer("--port", values.port, 0, 65535);
  if (values.host !== undefined) options.hostname = values.host;
  if (values.seed !== undefined) options.seed = integer("--seed", values.seed, 0, 2 ** 32 - 1);
  if (values.latency !== undefined) options.latencyMs = integer("--latency", values.latency, 0, 60_000);
  if (values["build-seconds"] !== undefined)
    options.buildDurationMs = seconds("--build-seconds", values["build-seconds"]);
  if (values["optimizer-seconds"] !== undefined)
    options.optimizerTimeLimitMs = seconds("--optimizer-seconds", values["optimizer-seconds"]);
  if (values["optimizer-workers"] !== undefined)
    options.optimizerWorkers = integer("--optimizer-workers", values["optimizer-workers"], 1, 256);
  if (values["optimizer-queue"] !== undefined)
    options.optimizerQueue = integer("--optimizer-queue", values["optimizer-queue"], 0, 10_000);
  if (values["cors-origin"] !== undefined) options.corsOrigins = values["cors-origin"].map(corsOrigin);
  if (values["allowed-hosts"] !== undefined) options.allowedHosts = allowedHosts(values["allowed-hosts"]);

  if (values["max-sessions"] !== undefined)
    options.maxSessions = integer("--max-sessions", values["max-sessions"], 1, 1000);
  if (values["session-idle-minutes"] !== undefined)
    options.sessionIdleMs = integer("--session-idle-minutes", values["session-idle-minutes"], 0, 10_080) * 60_000;
  if (values["max-connections"] !== undefined)
    options.maxConnections = integer("--max-connections", values["max-connections"], 1, 1_000_000);
  if (values["headers-seconds"] !== undefined) {
    options.headersTimeoutMs = seconds("--headers-seconds", values["headers-seconds"]);
    if (options.headersTimeoutMs < 1)
      throw new Error(`--headers-seconds must be a number from 0.001 to 3600, got "${values["headers-seconds"]}"`);
  }
  if (values.data !== undefined) options.dataFile = values.data;
  if (values.strict === true) options.strictBodies = true;
  if (values["rate-limit"] !== undefined) options.rateLimit = rateLimit(values["rate-limit"]);
  if (values["add-key"] !== undefined) options.extraKeys = values["add-key"].map(extraKey);
  if (values.proxy !== undefined) options.proxyUrl = upstreamUrl(values.proxy);
  if (values.record !== undefined) {
    if (values.proxy === undefined) throw new Error("--record needs --proxy <url> (it saves the upstream's answers)");
    if (values.record.trim() === "") throw new Error("--record needs a directory");
    options.recordDir = values.record;
  }
  if (values["max-upstream-body"] !== undefined) {
    if (values.proxy === undefined)
      throw new Error("--max-upstream-body needs --proxy <url> (it caps the upstream's answers)");
    options.maxUpstreamBodyBytes = integer("--max-upstream-body", values["max-upstream-body"], 1, 1024) * 1024 * 1024;
  }
  if (values.replay !== undefined) {
    if (values.replay.trim() === "") throw new Error("--replay needs a directory");
    options.replayDir = values.replay;
  }
  return { kind: "start", options };
}

/**
 * `parseArgs` in strict mode, whose errors for an unknown flag or a stray argument are rewritten
 * to name the closest flags (`--prot` → did you mean --port?).
 */
function parseStrictly<O extends NonNullable<ParseArgsConfig["options"]>>(argv: readonly string[], options: O) {
  try {
    return parseArgs({ args: [...argv], strict: true, allowPositionals: false, options });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const flags = Object.keys(options);
    const unknown =
      code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? /'(-[^']*)'/.exec((error as Error).message)?.[1] : undefined;
    if (unknown !== undefined) {
      const near = closestFlags(unknown.replace(/^-+/, "").replace(/=.*$/, ""), flags);
      throw new Error(`unknown flag ${unknown}${near.length > 0 ? ` (did you mean ${near.join(" or ")}?)` : ""}`, {
        cause: error,
      });
    }
    if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
      const word = /'([^']*)'/.exec((error as Error).message)?.[1] ?? "";
      const near = closestFlags(word, flags);
      throw new Error(
        `unexpected argument "${word}": every option is a --flag${near.length > 0 ? ` (did you mean ${near.join(" or ")}?)` : ""}`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** The flags closest to `word` as `--flag`: only the one spelt the same (another case) when there is one. */
function closestFlags(word: string, flags: readonly string[]): string[] {
  const near = closestNames(word, flags);
  return (near[0]?.toLowerCase() === word.toLowerCase() ? near.slice(0, 1) : near).map((f) => `--${f}`);
}

/** Milliseconds of a `<s>` flag: a number of seconds from 0 to 3600. */
function seconds(flag: string, text: string): number {
  const s = Number(text);
  if (text.trim() === "" || !Number.isFinite(s) || s < 0 || s > 3600)
    throw new Error(`${flag} must be a number from 0 to 3600, got "${text}"`);
  return Math.round(s * 1000);
}

function integer(flag: string, text: string, min: number, max: number): number {
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= min && n <= max)) throw new Error(`${flag} must be an integer from ${min} to ${max}, got "${text}"`);
  return n;
}

function upstreamUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--proxy must be an http(s) URL such as https://api.example.com, got "${text}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`--proxy must be an http(s) URL such as https://api.example.com, got "${text}"`);
  if (url.search !== "" || url.hash !== "")
    throw new Error(`--proxy: a base URL has no query or fragment, got "${text}"`);
  return url.href.replace(/\/$/, "");
}

function corsOrigin(text: string): string {
  const origin = text.trim().replace(/\/$/, "");
  if (!CORS_ORIGIN_PATTERN.test(origin))
    throw new Error(
      `--cors-origin must be *, an origin such as https://app.example.com, or one with any port such as http://localhost:*, got "${text}"`,
    );
  return origin;
}

function allowedHosts(specs: readonly string[]): string[] | true {
  const hosts = specs
    .flatMap((s) => s.split(","))
    .map((h) => h.trim())
    .filter((h) => h !== "");
  if (hosts.includes("all")) return true;
  for (const h of hosts) {
    if (!ALLOWED_HOST_PATTERN.test(h))
      throw new Error(
        `--allowed-hosts: "${h}" is not a host name (e.g. mock.example.com, or .example.com for its subdomains too)`,
      );
  }
  return hosts;
}

function extraKey(spec: string): ExtraKey {
  const at = spec.indexOf("=");
  const key = at < 0 ? spec : spec.slice(0, at);
  const userId = at < 0 ? null : spec.slice(at + 1);
  if (!/^\S{8,}$/.test(key))
    throw new Error(`--add-key: the key must be at least 8 characters without spaces, got "${key}"`);
  if (userId !== null && userId === "") throw new Error(`--add-key: empty user id after "=" in "${spec}"`);
  return { key, userId };
}

/** `--rate-limit n` or `n/seconds` (seconds default 60). */
function rateLimit(text: string): { limit: number; windowSeconds: number } {
  const m = /^(\d+)(?:\/(\d+))?$/.exec(text.trim());
  if (m === null) throw new Error(`--rate-limit must be <requests> or <requests>/<seconds>, e.g. 60/60, got "${text}"`);
  return {
    limit: integer("--rate-limit", m[1]!, 1, 1_000_000),
    windowSeconds: integer("--rate-limit seconds", m[2] ?? "60", 1, 86_400),
  };
}
