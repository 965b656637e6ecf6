// The operations of the app's OpenAPI document (`GET /openapi.json`), the list the endpoint
// table must cover.
import type { World } from "./world.ts";

/** One documented operation: what the tests need of it. */
export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
  secured: boolean;
  /** Documented response statuses. */
  statuses: number[];
}

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, unknown>;
}

/** `"GET /v1/strategies/{id}"`: the key of an operation. */
export const operationKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

/**
 * The operations of `/openapi.json`, by key.
 *
 * @example
 * (await documentedOperations(world)).has("GET /v1/health") // => true
 */
export async function documentedOperations(world: World): Promise<Map<string, Operation>> {
  const response = await world.send({ method: "GET", path: "/openapi.json" });
  if (response.status !== 200) throw new Error(`/openapi.json answered ${response.status}`);
  const doc = response.json as { paths: Record<string, Record<string, OpenApiOperation>> };
  const operations = new Map<string, Operation>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      operations.set(operationKey(method, path), {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
        hasBody: op.requestBody !== undefined,
        secured: (op.security ?? []).length > 0,
        statuses: Object.keys(op.responses ?? {}).map(Number),
      });
    }
  }
  return operations;
}
