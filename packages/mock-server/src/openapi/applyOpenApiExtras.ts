import type { OpenApiExamples } from "./OpenApiExamples.ts";
import { operationKey } from "./operationIds.ts";

interface Parameter {
  name: string;
  in: string;
  example?: unknown;
}
interface MediaType {
  example?: unknown;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType & { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
/** An OpenAPI 3.1 document, as far as {@link applyOpenApiExtras} reads it. */
export interface OpenApiDocument {
  info: { description?: string };
  paths: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

const JSON_TYPE = "application/json";

/**
 * A copy of the generated OpenAPI document with what the zod schemas cannot say: each
 * operation's `operationId` (from `operationIds`), and the captured examples (`examples`, real
 * answers of the mock on the fixtures): a response example on every JSON response, the request
 * body example and path/query parameter examples of the "Try it out" request; a state-changing
 * control route without a documented body gets an optional `{}` JSON body (the control guard
 * refuses one without, 415). Operations absent
 * from a table are left as they are (a test requires every documented one to be in both).
 * See docs/decisions.md#openapi-document-extras.
 *
 * @example
 * applyOpenApiExtras(doc, OPENAPI_EXAMPLES, OPERATION_IDS).paths["/v1/strategies"].get.operationId // => "listStrategies"
 */
export function applyOpenApiExtras(
  document: OpenApiDocument,
  examples: OpenApiExamples,
  operationIds: Readonly<Record<string, string>>,
): OpenApiDocument {
  const doc = structuredClone(document);
  const { owner, ownerKey } = examples.capturedOn;
  doc.info.description =
    `${doc.info.description ?? ""}\n\nEvery example is a real answer of the mock on its fixtures (arrays cut to ${examples.maxItems} items). ` +
    `The "Try it out" examples use the resources of the fixture user ${owner}: authorize with her key \`${ownerKey}\` ` +
    "(on a mock fresh from the fixtures; `POST /__mock/reset` brings it back).";
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = operationKey(method, path);
      const id = operationIds[key];
      if (id !== undefined) op.operationId = id;
      if (path.startsWith("/__mock/") && method !== "get" && op.requestBody === undefined) {
        // The control guard refuses a state-changing request without a JSON body (415); say so, so that "Try it out" sends one.
        op.requestBody = { required: false, content: { [JSON_TYPE]: { schema: { type: "object" }, example: {} } } };
      }
      const captured = examples.operations[key];
      if (captured === undefined) continue;
      for (const parameter of op.parameters ?? []) {
        const value =
          parameter.in === "path"
            ? captured.request.params?.[parameter.name]
            : parameter.in === "query"
              ? captured.request.query?.[parameter.name]
              : undefined;
        if (value !== undefined) parameter.example = value;
      }
      const body = op.requestBody?.content?.[JSON_TYPE];
      if (body !== undefined && captured.request.body !== undefined) body.example = captured.request.body;
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const media = response.content?.[JSON_TYPE];
        if (media !== undefined && status in captured.responses) media.example = captured.responses[status];
      }
    }
  }
  return doc;
}
