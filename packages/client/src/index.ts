/**
 * @thematic/client: a typed client of the thematic-investing REST service (v1, v2) and of its
 * local mock's control surface, generated from the mock's OpenAPI document. Platform `fetch` only.
 *
 * @module @thematic/client
 */
export {
  DEFAULT_BASE_URL,
  ThematicClient,
  type OptimizeInit,
  type ThematicClientOptions,
  type WaitOptions,
} from "./ThematicClient.ts";
export { isThematicApiError, ThematicApiError } from "./ThematicApiError.ts";
export type { BackoffOptions } from "./_internal/backoff.ts";
export type { Clock } from "./_internal/clock.ts";
export type { RetryOptions } from "./_internal/retryAfter.ts";
export type {
  components,
  InitArgs,
  Method,
  PathOf,
  paths,
  RequestInitOf,
  ResponseData,
  Schemas,
  StrategyV1,
  StrategyV2,
} from "./types.ts";
