/** The `Content-Security-Policy` of a foreign body a browser could run as a page: no script, no plugin, no form, an origin of its own. */
export const SANDBOX_POLICY = "sandbox; default-src 'none'";

/**
 * Media types a browser never runs as a document on the origin that serves them (with
 * `X-Content-Type-Options: nosniff`, which the mock sends on every answer): JSON, PDF (shown by
 * the browser's own viewer), raster images, plain text, CSV and opaque bytes.
 */
const PASSIVE =
  /^(application\/(json|[\w.+-]+\+json|pdf|octet-stream)|image\/(png|jpeg|gif|webp|avif)|text\/(plain|csv))$/;

/**
 * The `Content-Security-Policy` to send with a body the mock did not write (an upstream's answer
 * under `--proxy`, a recording under `--replay`), or null when its media type is passive: an HTML,
 * SVG or XML page, or a body of a missing or unknown type, is sandboxed, so opened in a browser it
 * cannot run script with the mock's origin (its control surface, the studio, other users' keys).
 *
 * @example
 * foreignBodyPolicy("text/html; charset=utf-8") // => "sandbox; default-src 'none'"
 * foreignBodyPolicy("application/json") // => null
 */
export function foreignBodyPolicy(contentType: string | null): string | null {
  const media = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return PASSIVE.test(media) ? null : SANDBOX_POLICY;
}
