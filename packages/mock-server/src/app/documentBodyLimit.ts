import { ErrorSchema } from "../schemas/common.ts";
import { LIMITS } from "../schemas/limits.ts";
import type { MockApp } from "../context/RouteModule.ts";

/**
 * Adds the 413 answer of {@link bodyLimitMiddleware} to the OpenAPI document of every route that
 * takes a body (registered so far), so the document lists every status a client can get.
 *
 * @example
 * documentBodyLimit(app); // every POST/PUT/PATCH route now documents 413
 */
export function documentBodyLimit(app: MockApp): void {
  const response = {
    description: `Request body over ${LIMITS.BODY_MAX_BYTES} bytes (LIMITS.BODY_MAX_BYTES), refused before it is parsed`,
    content: { "application/json": { schema: ErrorSchema } },
  };
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== "route" || definition.route.request?.body === undefined) continue;
    const responses = definition.route.responses as Record<string, unknown>;
    responses["413"] ??= response;
  }
}
