import type { ZodType } from "zod";
import type { MockApp } from "../context/RouteModule.ts";
import { operationKey } from "./operationIds.ts";

/**
 * The mock's own zod schema of every documented JSON response, keyed `"METHOD /path status"`
 * (from the app's OpenAPI registry: the schemas the document is generated from).
 *
 * @example
 * responseSchemas(app).get("GET /v1/strategies/{id} 200")?.safeParse(body).success // => true
 */
export function responseSchemas(app: MockApp): Map<string, ZodType> {
  const schemas = new Map<string, ZodType>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const { method, path, responses } = definition.route;
    for (const [status, response] of Object.entries(
      responses as Record<string, { content?: Record<string, { schema?: unknown }> }>,
    )) {
      const schema = response.content?.["application/json"]?.schema;
      if (schema !== undefined) schemas.set(`${operationKey(method, path)} ${status}`, schema as ZodType);
    }
  }
  return schemas;
}
