import createClient, { type Client } from "openapi-fetch";
import { deadlineSignal } from "./_internal/abortable.ts";
import { type BackoffOptions, checkBackoff, pollDelays } from "./_internal/backoff.ts";
import { checkBaseUrl } from "./_internal/checkBaseUrl.ts";
import { type Clock, systemClock } from "./_internal/clock.ts";
import { controlBody } from "./_internal/controlBody.ts";
import { fillPath } from "./_internal/fillPath.ts";
import { networkError } from "./_internal/networkError.ts";
import { checkRetry, isRetryable, retryAfterMs, type RetryOptions } from "./_internal/retryAfter.ts";
import type { paths } from "./generated/openapi.ts";
import { ThematicApiError } from "./ThematicApiError.ts";
import type { InitArgs, Method, PathOf, RequestInitOf, ResponseData, StrategyV1 } from "./types.ts";

/** The local mock's address (`npm start`); point `baseUrl` at the real service to use it instead. */
export const DEFAULT_BASE_URL = "http://localhost:4010";

/** Options of {@link ThematicClient}. */
export interface ThematicClientOptions {
  /**
   * Where the service lives, with any path prefix; default {@link DEFAULT_BASE_URL}. Must be an
   * absolute http(s) URL (checked at construction: `"localhost:4011"` without a scheme throws a
   * TypeError suggesting `"http://localhost:4011"`).
   */
  baseUrl?: string;
  /** API key, sent as `Authorization: Bearer <apiKey>`; omit for `/v1/health` and the mock's control surface. */
  apiKey?: string;
  /** Headers sent on every request (e.g. `X-Mock-Session` to use a sandbox of the mock). */
  headers?: Record<string, string>;
  /** The fetch to use; default the platform's `globalThis.fetch`, looked up at each call (so msw's interception applies). */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * A 429 or 503 answer with `Retry-After` is retried after the wait it asks for, at most
   * `maxRetries` times (default 2) and only when the wait is at most `maxWaitMs` (default 10000);
   * otherwise its ThematicApiError (with `retryAfterMs`) is thrown. `false` turns retrying off.
   * A retried POST is sent again: the service answers 429/503 before doing anything.
   */
  retry?: RetryOptions | false;
  /** Time for every wait and for `Retry-After` dates; default the platform's. For tests: a fake clock makes no real waits. */
  clock?: Clock;
}

/** Options of {@link ThematicClient.waitForBuild}. */
export interface WaitOptions extends BackoffOptions {
  /** Cancels the wait (and the poll in flight); rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Gives up after this many ms with a `DOMException` named `TimeoutError`; default none. */
  timeoutMs?: number;
  /** Called with the strategy after every poll (progress bars). */
  onPoll?: (strategy: StrategyV1) => void;
}

type OptimizePath = "/v1/strategies/{id}/optimize" | "/v1/strategies/{id}/optimized-portfolio";

/** What an optimizer call takes besides the strategy id: its query parameters and optional body. */
export interface OptimizeInit<P extends OptimizePath> {
  query?: NonNullable<paths[P]["post"]["parameters"]["query"]>;
  body?: NonNullable<paths[P]["post"]["requestBody"]>["content"]["application/json"];
}

/**
 * A typed client of the whole API (v1, v2 and the mock's control surface), generated from the
 * mock's OpenAPI document: `get/post/put/patch/delete(path, { params, body, signal })` resolve to
 * the typed success body and throw {@link ThematicApiError} for any other status; plus the build
 * flows ({@link waitForBuild}, {@link optimize}). Uses only the platform's `fetch`, `URL`,
 * `AbortSignal` (browsers, Node ≥ 20, Deno).
 *
 * @example
 * const client = new ThematicClient({ apiKey: "thm_ines_63e54a1cde00f20d" });
 * const created = await client.post("/v1/strategies", { body: { name: "Grid", objective: "grid storage" } });
 * await client.post("/v1/strategies/{id}/submit", { params: { path: { id: created.id } } });
 * (await client.waitForBuild(created.id)).status // => 100
 */
export class ThematicClient {
  /** The underlying openapi-fetch client (`{ data, error, response }` results, no throwing), for what the methods do not cover. */
  readonly raw: Client<paths>;
  readonly baseUrl: string;
  private readonly retry: Required<RetryOptions>;
  private readonly clock: Clock;

  /** @throws TypeError for a `baseUrl` that is not an absolute http(s) URL; RangeError for bad `retry` options */
  constructor(options: ThematicClientOptions = {}) {
    this.baseUrl = checkBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
    this.retry = checkRetry(options.retry);
    this.clock = options.clock ?? systemClock;
    const custom = options.fetch;
    const basePath = new URL(this.baseUrl).pathname.replace(/\/+$/, "");
    this.raw = createClient<paths>({
      baseUrl: this.baseUrl,
      headers: {
        ...options.headers,
        ...(options.apiKey === undefined ? {} : { Authorization: `Bearer ${options.apiKey}` }),
      },
      fetch: async (request: Request) => {
        try {
          return await (custom ?? globalThis.fetch)(request);
        } catch (error) {
          // Cancellation and timeouts keep the signal's reason; a network failure (fetch's TypeError) gets the address and a hint.
          if (request.signal.aborted || !(error instanceof TypeError)) throw error;
          const pathname = new URL(request.url).pathname;
          throw networkError(
            request,
            error,
            pathname.startsWith(basePath) ? pathname.slice(basePath.length) || "/" : pathname,
          );
        }
      },
    });
    this.raw.use(controlBody);
  }

  /** `GET path`: the typed 200 body. @throws ThematicApiError for any other status */
  get<P extends PathOf<"get">>(path: P, ...init: InitArgs<RequestInitOf<P, "get">>): Promise<ResponseData<P, "get">> {
    return this.call("get", path, init[0]);
  }

  /** `POST path`. @throws ThematicApiError for any status but 200/201/204 (202 included) */
  post<P extends PathOf<"post">>(
    path: P,
    ...init: InitArgs<RequestInitOf<P, "post">>
  ): Promise<ResponseData<P, "post">> {
    return this.call("post", path, init[0]);
  }

  /** `PUT path`. @throws ThematicApiError */
  put<P extends PathOf<"put">>(path: P, ...init: InitArgs<RequestInitOf<P, "put">>): Promise<ResponseData<P, "put">> {
    return this.call("put", path, init[0]);
  }

  /** `PATCH path`. @throws ThematicApiError */
  patch<P extends PathOf<"patch">>(
    path: P,
    ...init: InitArgs<RequestInitOf<P, "patch">>
  ): Promise<ResponseData<P, "patch">> {
    return this.call("patch", path, init[0]);
  }

  /** `DELETE path`. @throws ThematicApiError */
  delete<P extends PathOf<"delete">>(
    path: P,
    ...init: InitArgs<RequestInitOf<P, "delete">>
  ): Promise<ResponseData<P, "delete">> {
    return this.call("delete", path, init[0]);
  }

  /**
   * Polls `GET /v1/strategies/{id}` with backoff (250 ms, ×1.5, at most 5 s by default) until its
   * `status` is 100 (built) or negative (-1 failed, -2 failed permanently), and returns that
   * strategy: check `status` to tell success from failure.
   *
   * @throws ThematicApiError when a poll fails (404 for an unknown id…); the signal's reason on
   *   cancellation or timeout
   * @example
   * const built = await client.waitForBuild(id, { timeoutMs: 60_000 });
   * if (built.status < 0) console.log("build failed");
   */
  async waitForBuild(strategyId: string, options: WaitOptions = {}): Promise<StrategyV1> {
    checkBackoff(options);
    const signal = deadlineSignal(options.signal, options.timeoutMs);
    const delays = pollDelays(options);
    while (true) {
      const strategy = await this.get("/v1/strategies/{id}", { params: { path: { id: strategyId } }, signal });
      options.onPoll?.(strategy);
      if (strategy.status === 100 || strategy.status < 0) return strategy;
      await this.clock.sleep(delays.next().value, signal);
    }
  }

  /**
   * `POST /v1/strategies/{id}/optimize` (score tilt), waiting out a running build: on 202 it
   * {@link waitForBuild}s, then retries. A failed build ends in the service's 409.
   *
   * @throws ThematicApiError (400 bad parameters, 404, 409 never built or build failed); the signal's reason on cancellation or timeout
   * @example
   * const result = await client.optimize(id, { query: { maxWeight: 0.1 } }, { timeoutMs: 60_000 });
   */
  optimize(
    strategyId: string,
    init: OptimizeInit<"/v1/strategies/{id}/optimize"> = {},
    options: WaitOptions = {},
  ): Promise<ResponseData<"/v1/strategies/{id}/optimize", "post">> {
    return this.whenBuilt("/v1/strategies/{id}/optimize", strategyId, init, options);
  }

  /**
   * `POST /v1/strategies/{id}/optimized-portfolio` (mean-CVaR), waiting out a running build like {@link optimize}.
   *
   * @throws ThematicApiError; the signal's reason on cancellation or timeout
   */
  optimizedPortfolio(
    strategyId: string,
    init: OptimizeInit<"/v1/strategies/{id}/optimized-portfolio"> = {},
    options: WaitOptions = {},
  ): Promise<ResponseData<"/v1/strategies/{id}/optimized-portfolio", "post">> {
    return this.whenBuilt("/v1/strategies/{id}/optimized-portfolio", strategyId, init, options);
  }

  private async whenBuilt<P extends OptimizePath>(
    path: P,
    strategyId: string,
    init: OptimizeInit<P>,
    options: WaitOptions,
  ): Promise<ResponseData<P, "post">> {
    const signal = deadlineSignal(options.signal, options.timeoutMs);
    const request = { params: { path: { id: strategyId }, query: init.query }, body: init.body, signal };
    while (true) {
      try {
        return await this.call("post", path, request);
      } catch (error) {
        if (!(error instanceof ThematicApiError) || error.status !== 202) throw error;
      }
      // Built (retry succeeds) or failed (retry answers the service's 409): either way, retry.
      await this.waitForBuild(strategyId, { ...options, signal, timeoutMs: undefined });
    }
  }

  /**
   * One request: the parsed 200/201/204 body, else a ThematicApiError (a success body that is not
   * JSON included). A 429/503 with `Retry-After` is sent again after that wait, within `retry`'s bounds.
   */
  private async call<R>(method: Method, path: string, init: unknown): Promise<R> {
    const options = (init ?? {}) as { params?: { path?: Record<string, unknown> }; signal?: AbortSignal };
    const request = this.raw.request as unknown as (
      m: string,
      p: string,
      i: unknown,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    let attempt = 0;
    while (true) {
      const { data, error, response } = await request(method, path, { ...options, parseAs: "text" });
      const wait = isRetryable(response.status)
        ? retryAfterMs(response.headers.get("Retry-After"), this.clock.now())
        : undefined;
      if (wait !== undefined && attempt < this.retry.maxRetries && wait <= this.retry.maxWaitMs) {
        attempt++;
        await this.clock.sleep(wait, options.signal);
        continue;
      }
      return this.result<R>(method, path, options, data, error, response, wait);
    }
  }

  /** The body of a finished request, or its ThematicApiError. */
  private result<R>(
    method: Method,
    path: string,
    options: { params?: { path?: Record<string, unknown> } },
    data: unknown,
    error: unknown,
    response: Response,
    wait: number | undefined,
  ): R {
    const fail = (message: string) =>
      new ThematicApiError({
        status: response.status,
        error: message,
        method: method.toUpperCase(),
        path: fillPath(path, options.params?.path),
        url: response.url || undefined,
        retryAfterMs: wait,
      });
    const ok = response.status === 200 || response.status === 201 || response.status === 204;
    const text: unknown = error ?? data;
    let body = text;
    if (typeof text === "string" && text !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        if (ok) throw fail(`the response body is not JSON: ${text.slice(0, 80)}`);
      }
    }
    if (ok) return (body === "" ? undefined : body) as R;
    const message =
      typeof body === "object" && body !== null && typeof (body as { error?: unknown }).error === "string"
        ? (body as { error: string }).error
        : typeof body === "string" && body !== ""
          ? body
          : response.statusText || `HTTP ${response.status}`;
    throw fail(message);
  }
}
