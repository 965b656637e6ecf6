// Runs the operation table over one transport, after checking it covers the document exactly.
import { expect, it } from "vitest";
import { describeOver } from "./harness.ts";
import { operationCases } from "./operations.ts";
import type { Transport } from "./transports.ts";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** `"METHOD /path"` of every operation of the served OpenAPI document. */
export async function documentOperations(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/openapi.json`);
  const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m] !== undefined).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

/** Registers the suite: one test per operation of the table, plus the table-equals-document test. */
export function describeEveryOperation(transport: Transport): void {
  describeOver("every operation through @thematic/client", transport, (h) => {
    it("the table has one case per operation of /openapi.json, no more, no less", async () => {
      expect(Object.keys(operationCases).sort()).toEqual((await documentOperations(transport.baseUrl)).sort());
    });

    for (const [operation, run] of Object.entries(operationCases)) {
      it(operation, () => run(h()));
    }
  });
}
