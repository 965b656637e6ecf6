/**
 * `npm run client:generate`: rewrites packages/client/src/generated/openapi.ts from the mock
 * app's current OpenAPI document. Run it after adding or changing an endpoint of the mock.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateTypes } from "./generateTypes.ts";

const target = fileURLToPath(new URL("../src/generated/openapi.ts", import.meta.url));
writeFileSync(target, await generateTypes());
console.log(`wrote ${target}`);
