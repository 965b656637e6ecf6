/** The examples of one operation of `/openapi.json`. */
export interface OperationExamples {
  /** The "Try it out" request: path and query parameter values, JSON body (accepted by a mock fresh from the fixtures). */
  request: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  /** Response body examples by status (JSON responses only), each a real answer of the mock. */
  responses: Record<string, unknown>;
  /** Statuses no request reaches on a mock fresh from the fixtures: their example is the mock's `X-Mock-Status` answer. */
  forced?: number[];
}

/** Every example of the document (`openApiExamples.generated.ts`, written by `npm run openapi:examples`). */
export interface OpenApiExamples {
  /** How the examples were captured: the fixtures' as-of date, the mock's clock, the caller. */
  capturedOn: { fixturesAsOf: string; clock: string; owner: string; ownerKey: string };
  /** Longest array kept in an example (longer ones keep their first items). */
  maxItems: number;
  operations: Record<string, OperationExamples>;
}
