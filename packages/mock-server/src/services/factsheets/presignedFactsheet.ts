import { ApiError } from "../../errors/ApiError.ts";

/** How long a factsheet address stays valid, seconds (the reference: a "short-lived presigned URL"). */
export const PRESIGNED_TTL_SECONDS = 300;

/** The run a factsheet address names. */
export interface FactsheetTarget {
  api: "v1" | "v2";
  strategyId: string;
  versionId: string;
  asOfDate: string;
}

const encoder = new TextEncoder();
let key: Promise<CryptoKey> | undefined;

/** The HMAC key: a random secret drawn once per process (addresses die with the process). */
function hmacKey(): Promise<CryptoKey> {
  key ??= crypto.subtle.importKey("raw", crypto.getRandomValues(new Uint8Array(32)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return key;
}

function pathOf(t: FactsheetTarget): string {
  return `/${t.api}/strategies/${t.strategyId}/factsheet.pdf?versionId=${t.versionId}&asOfDate=${t.asOfDate}`;
}

async function signature(path: string, expires: number): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(), encoder.encode(`${path}\n${expires}`)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A presigned factsheet address, as the real service redirects to (reference "GET factsheet": a
 * short-lived presigned URL that needs no API key): the PDF path of the run plus `expires` (Unix
 * seconds, now + {@link PRESIGNED_TTL_SECONDS}) and `signature`, the hex HMAC-SHA-256 of
 * `path + "\n" + expires` under a per-process secret. Web Crypto, so it works in Node and in
 * the browser (msw).
 *
 * @example
 * await presignFactsheet({ api: "v2", strategyId, versionId, asOfDate: "2026-11-20" }, now) // => "/v2/strategies/…/factsheet.pdf?versionId=…&asOfDate=2026-11-20&expires=…&signature=…"
 */
export async function presignFactsheet(target: FactsheetTarget, nowMs: number): Promise<string> {
  const path = pathOf(target);
  const expires = Math.floor(nowMs / 1000) + PRESIGNED_TTL_SECONDS;
  return `${path}&expires=${expires}&signature=${await signature(path, expires)}`;
}

/**
 * Checks a presigned factsheet address (see {@link presignFactsheet}); constant-time comparison.
 *
 * @throws ApiError 403 when the signature does not match the address or the address has expired
 *   (as a presigned object store answers; the API key is not asked for)
 */
export async function verifyFactsheetSignature(target: FactsheetTarget, expires: number, given: string, nowMs: number): Promise<void> {
  const expected = await signature(pathOf(target), expires);
  let diff = expected.length ^ given.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (given.charCodeAt(i) || 0);
  if (diff !== 0) throw new ApiError(403, "query.signature: does not match this factsheet address; GET the strategy's factsheet again for a fresh one");
  if (Math.floor(nowMs / 1000) > expires) {
    throw new ApiError(403, `query.expires: this factsheet address expired at ${new Date(expires * 1000).toISOString()}; GET the strategy's factsheet again for a fresh one`);
  }
}
