import { ErrorSchema } from "./common.ts";

const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

/**
 * The documented refusals of `controlGuardMiddleware` (and a malformed JSON body), for the
 * responses of every `/__mock/*` route: reads may get the 403, state-changing routes all three.
 *
 * @example
 * createRoute({ method: "post", path: "/__mock/reset", responses: { 200: ok, ...CONTROL_REFUSALS } });
 */
export const CONTROL_REFUSALS = {
  400: error("Malformed JSON body, or a value out of bounds (named)"),
  403: error(
    "An Origin other than this server's own or the --cors-origin allow-list (or a Host the server does not answer for)",
  ),
  415: error("No `Content-Type: application/json` (HTML forms and no-cors requests are refused; send {})"),
};
