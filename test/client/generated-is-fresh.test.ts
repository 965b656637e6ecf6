import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { generateTypes } from "../../packages/client/scripts/generateTypes.ts";

it("packages/client/src/generated/openapi.ts matches the mock's current OpenAPI document (else: npm run client:generate)", async () => {
  const committed = readFileSync(new URL("../../packages/client/src/generated/openapi.ts", import.meta.url), "utf8");
  const fresh = await generateTypes();
  expect(
    committed === fresh,
    "the generated client types are stale: run `npm run client:generate` and commit the result",
  ).toBe(true);
});
