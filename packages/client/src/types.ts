import type { MaybeOptionalInit } from "openapi-fetch";
import type { PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";
import type { components, paths } from "./generated/openapi.ts";

export type { components, paths };

/** The named schemas of the API (`Schemas["Portfolio"]`, `Schemas["OptimizerResult"]`…). */
export type Schemas = components["schemas"];

/** The HTTP methods the API uses, as the client's method names. */
export type Method = "get" | "post" | "put" | "patch" | "delete";

/** Every path template that has `method` (`PathOf<"post">` includes `"/v1/strategies/{id}/submit"`). */
export type PathOf<M extends Method> = PathsWithMethod<paths, M>;

/** The options of one call: `params.path`, `params.query`, `body` (each required when the API requires it), plus `signal` and `headers`. */
export type RequestInitOf<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;

/** `[init]`, optional when nothing in it is required. */
export type InitArgs<I> = RequiredKeysOf<I> extends never ? [init?: I] : [init: I];

type JsonBody<R> = R extends { content: { "application/json": infer T } } ? T : undefined;

/** The successful body (200, 201 or 204) of an operation: what the client's methods resolve to. */
export type ResponseData<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R }
  ? JsonBody<R[Extract<keyof R, 200 | 201 | 204>]>
  : never;

/** `GET /v1/strategies/{id}`: a user strategy (v1 shape) with its build `status` (0..100, -1, -2). */
export type StrategyV1 = ResponseData<"/v1/strategies/{id}", "get">;
/** `GET /v2/strategies/{id}`. */
export type StrategyV2 = ResponseData<"/v2/strategies/{id}", "get">;
