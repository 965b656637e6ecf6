// Checks every response of the robustness tests must pass, whatever the request.
import type { Received } from "./world.ts";

/** The JSON text with every string literal blanked (what is left are numbers, literals, punctuation). */
function outsideStrings(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
}

/** Every number in a parsed JSON value, with its path. */
function* numbers(value: unknown, path: string): Generator<[string, number]> {
  if (typeof value === "number") yield [path, value];
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* numbers(value[i], `${path}[${i}]`);
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) yield* numbers(v, `${path}.${k}`);
}

/**
 * Problems of a response body: no 5xx; a JSON body (when there is one) that parses, has no
 * `NaN`/`Infinity` token outside strings and only finite numbers (`1e999` parses to Infinity);
 * every 4xx, and a 202 (not ready), is exactly `{ "error": <non-blank string> }` as JSON.
 * Returns an empty list when the response is fine.
 *
 * @example
 * responseProblems({ status: 400, text: '{"error":"x"}', json: { error: "x" }, headers: new Headers({ "content-type": "application/json" }) }) // => []
 */
export function responseProblems(r: Received): string[] {
  const problems: string[] = [];
  if (r.status >= 500) problems.push(`status ${r.status} (a 5xx): ${r.text.slice(0, 300)}`);
  const type = r.headers.get("content-type") ?? "";
  const isJson = type.includes("application/json");
  if (isJson) {
    if (r.json === undefined) problems.push(`JSON content type but the body does not parse: ${r.text.slice(0, 200)}`);
    const rest = outsideStrings(r.text);
    if (/NaN|Infinity/.test(rest)) problems.push(`NaN or Infinity token outside strings: ${r.text.slice(0, 200)}`);
    for (const [path, n] of numbers(r.json, "$")) {
      if (!Number.isFinite(n)) {
        problems.push(`non-finite number at ${path}`);
        break;
      }
    }
  }
  const isError = (r.status >= 400 && r.status < 500) || r.status === 202;
  if (isError) {
    const body = r.json as Record<string, unknown> | undefined;
    const ok =
      isJson &&
      typeof body === "object" &&
      body !== null &&
      !Array.isArray(body) &&
      Object.keys(body).join() === "error" &&
      typeof body.error === "string" &&
      body.error.trim() !== "";
    if (!ok) problems.push(`a ${r.status} whose body is not {error: message} JSON: ${type} ${r.text.slice(0, 200)}`);
  }
  return problems;
}

/** `{error}` message of an error response ("" when there is none). */
export function errorMessage(r: Received): string {
  const body = r.json as { error?: unknown } | undefined;
  return typeof body?.error === "string" ? body.error : "";
}
