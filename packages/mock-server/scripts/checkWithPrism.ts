/**
 * Checks the OpenAPI document's examples through Prism (not a dependency: 90 MB, and its current
 * versions need Node 24). Start Prism on the mock's document, then run this with its URL:
 *
 *   npx @stoplight/prism-cli@5.14.2 mock -p 4011 http://127.0.0.1:4010/openapi.json
 *   npx tsx --conditions=@thematic/source packages/mock-server/scripts/checkWithPrism.ts http://127.0.0.1:4011
 *
 * Sends every operation's "Try it out" request (the document's parameter and body examples, the
 * examples' owner's key) to Prism and validates each answer against the mock's own zod schema of
 * that status. Exits 1 when an answer does not validate or Prism refuses a request.
 */
import { createSessionDispatcher } from "../src/app/createSessionDispatcher.ts";
import { fillPath, queryString } from "../src/openapi/captureExamples.ts";
import { OPENAPI_EXAMPLES } from "../src/openapi/openApiExamples.generated.ts";
import { operationKey } from "../src/openapi/operationIds.ts";
import { responseSchemas } from "../src/openapi/responseSchemas.ts";

interface Operation {
  parameters?: Array<{ name: string; in: string; example?: unknown }>;
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
}

const prism = process.argv[2]?.replace(/\/$/, "");
if (prism === undefined) throw new Error("usage: checkWithPrism.ts <prism base URL>");
const dispatcher = createSessionDispatcher({ quiet: true });
const doc = (await (await dispatcher.fetch(new Request("http://localhost/openapi.json"))).json()) as {
  paths: Record<string, Record<string, Operation>>;
};
const schemas = responseSchemas(dispatcher.mock.app);
let failures = 0;
let checked = 0;
for (const [path, methods] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(methods)) {
    const key = operationKey(method, path);
    const params: Record<string, string> = {};
    const query: Record<string, string> = {};
    for (const p of op.parameters ?? [])
      if (p.example !== undefined) (p.in === "path" ? params : query)[p.name] = String(p.example);
    const body = op.requestBody?.content?.["application/json"]?.example;
    const headers: Record<string, string> = { Authorization: `Bearer ${OPENAPI_EXAMPLES.capturedOn.ownerKey}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`${prism}${fillPath(path, params)}${queryString(query)}`, {
      method: method.toUpperCase(),
      headers,
      redirect: "manual",
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const schema = schemas.get(`${key} ${response.status}`);
    if (response.status >= 400) {
      failures += 1;
      console.log(`FAIL ${key}: Prism answered ${response.status} ${text.slice(0, 300)}`);
      continue;
    }
    if (schema === undefined) {
      console.log(
        `ok   ${key}: ${response.status} ${response.headers.get("content-type") ?? ""} (not JSON: nothing to validate)`,
      );
      continue;
    }
    const result = schema.safeParse(JSON.parse(text));
    checked += 1;
    if (!result.success) {
      failures += 1;
      console.log(
        `FAIL ${key}: ${response.status} does not validate: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
      );
    } else console.log(`ok   ${key}: ${response.status} validates (${text.length} bytes)`);
  }
}
console.log(`${checked} JSON answers validated, ${failures} failures`);
process.exit(failures === 0 ? 0 : 1);
