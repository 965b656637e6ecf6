/**
 * `npm run openapi:examples`: rewrites packages/mock-server/src/openapi/openApiExamples.generated.ts
 * with a fresh capture of the mock's answers on the fixtures (the examples of /openapi.json). Run it
 * after changing a route, a schema or the fixtures; then `npm run client:generate`.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadUniverse } from "@thematic/fixtures/load";
import { createSessionDispatcher } from "../src/app/createSessionDispatcher.ts";
import { captureExamples } from "../src/openapi/captureExamples.ts";
import { openApiExamplesSource } from "../src/openapi/openApiExamplesSource.ts";

const target = fileURLToPath(new URL("../src/openapi/openApiExamples.generated.ts", import.meta.url));
writeFileSync(target, openApiExamplesSource(await captureExamples(loadUniverse(), createSessionDispatcher)));
console.log(`wrote ${target}`);
