/**
 * @thematic/mock-server: the local mock of the thematic-investing REST service, defined once as a
 * Fetch-API app. Runtime-agnostic surface (Node, browsers); the Node server is in
 * `@thematic/mock-server/node`, msw setups in `…/msw/browser` (`setupMockWorker`,
 * `createLazyHandlers`) and `…/msw/node` (`setupMockServer`, `createHandlers`): msw is an
 * optional peer dependency, so this entry never imports it.
 *
 * @module @thematic/mock-server
 */

// The app
export { createApp, createMock, type CreateAppOptions, type Mock } from "./app/createApp.ts";
export type { MockApp, RouteModule } from "./context/RouteModule.ts";
export type { AppEnv, Caller, ServiceContext } from "./context/ServiceContext.ts";
export { MOCK_LATENCY_HEADER, MOCK_SESSION_HEADER, MOCK_STATUS_HEADER } from "./context/mockHeaders.ts";
export {
  createSessionDispatcher,
  DEFAULT_MAX_SESSIONS,
  type SessionDispatcher,
  type SessionDispatcherOptions,
} from "./app/createSessionDispatcher.ts";
export type { SessionControl } from "./context/SessionControl.ts";
export { defaultOptions, resolveOptions, type ExtraKey, type MockOptions } from "./config/MockOptions.ts";

// Time
export { systemClock, type Clock } from "./clock/Clock.ts";
export { createManualClock, type ManualClock } from "./clock/ManualClock.ts";

// Errors
export { ApiError, isApiError, type ApiErrorStatus } from "./errors/ApiError.ts";

// State
export { memoryPersistence, type Persistence } from "./store/Persistence.ts";
export type { StateOp, StatePathKey } from "./store/StateOp.ts";
export type { StoreState } from "./store/StoreState.ts";

// Builds (for route modules such as optimize)
export { FAIL_PHRASE, PERMANENT_FAIL_PHRASE, isBuildComplete } from "./services/builds.ts";

// Response types (from the zod schemas)
export type { StrategyV1, StrategyV2, StrategyVersion } from "./schemas/strategy.ts";
export type { CompanyOut as Company, EvidenceOut as CompanyEvidence } from "./schemas/company.ts";
export type { Performance } from "./schemas/performance.ts";
