/**
 * @thematic/engine: the public surface. Pure TypeScript, no I/O, no Node built-ins.
 * Conventions (annualisation, signs, confidence levels, calendars): docs/maths.md.
 *
 * @module @thematic/engine
 */
export { EngineError, isEngineError, type EngineErrorCode } from "./errors/EngineError.ts";
export type { NumericArray } from "./_internal/validate.ts";
export * from "./stats/index.ts";
export * from "./backtest/index.ts";
export * from "./tearsheet/index.ts";
export * from "./scoring/index.ts";
export * from "./identifiers/index.ts";
export * from "./optimize/index.ts";
export * from "./riskModels/index.ts";
export * from "./meanVariance/index.ts";
export * from "./riskBased/index.ts";
export * from "./blackLitterman/index.ts";
export * from "./allocation/index.ts";
export * from "./data/index.ts";
export * from "./portfolio/index.ts";
export * from "./research/index.ts";
export * from "./walkForward/index.ts";
export * from "./riskMeasures/index.ts";
