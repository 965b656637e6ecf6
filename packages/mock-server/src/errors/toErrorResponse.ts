import { isEngineError } from "@thematic/engine";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { isApiError } from "./ApiError.ts";
import { formatZodError } from "./formatZodError.ts";

/** What {@link toErrorResponse} produces: a status, an `{error}` body and extra headers. */
export interface ErrorResponse {
  status: number;
  body: { error: string };
  headers: Record<string, string>;
}

/**
 * The ONE place mapping anything thrown to an HTTP error: `ApiError` → its status;
 * `EngineError` (from @thematic/engine) → 400; a zod error → 400 naming the field and the rule;
 * hono's `HTTPException` (malformed JSON is its 400, an unsupported media type its 415) → its
 * status; anything else → 500 and `onUnexpected` is called (this must never happen: every input
 * has a defined 4xx answer).
 *
 * @param error whatever was thrown
 * @param onUnexpected called with errors that map to 500 (the app logs them)
 * @example
 * toErrorResponse(new ApiError(404, "strategy x not found")).status // => 404
 */
export function toErrorResponse(error: unknown, onUnexpected: (error: unknown) => void = () => {}): ErrorResponse {
  if (isApiError(error)) {
    return { status: error.status, body: { error: error.message }, headers: { ...error.headers } };
  }
  if (isEngineError(error)) {
    return { status: 400, body: { error: error.message }, headers: {} };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: { error: formatZodError(error) }, headers: {} };
  }
  if (error instanceof HTTPException) {
    const status = error.status >= 400 && error.status < 500 ? error.status : 400;
    if (status === 415) {
      return {
        status,
        body: {
          error:
            "Content-Type: this request takes a JSON body: send the header `Content-Type: application/json` with it",
        },
        headers: {},
      };
    }
    return { status, body: { error: error.message || "bad request" }, headers: {} };
  }
  onUnexpected(error);
  return { status: 500, body: { error: "internal error in the mock server (this is a bug)" }, headers: {} };
}
