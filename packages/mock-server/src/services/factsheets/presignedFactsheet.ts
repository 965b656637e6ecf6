import type { ClockAccess, StateAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
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

/** What an address carries besides its run: the user it was issued to, its expiry and signature. */
export interface FactsheetAddressProof {
  userId: string;
  /** Unix seconds on the issuing mock's clock. */
  expires: number;
  signature: string;
}

const encoder = new TextEncoder();
/** One secret per mock (the default state and each sandbox session has its own), drawn on first use. */
const keys = new WeakMap<object, Promise<CryptoKey>>();

/** The HMAC key of the mock `ctx` (by identity): random, per mock and per process (addresses die with either). */
function hmacKey(ctx: object): Promise<CryptoKey> {
  let key = keys.get(ctx);
  if (key === undefined) {
    key = crypto.subtle.importKey(
      "raw",
      crypto.getRandomValues(new Uint8Array(32)),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    keys.set(ctx, key);
  }
  return key;
}

function pathOf(t: FactsheetTarget, userId: string): string {
  return `/${t.api}/strategies/${t.strategyId}/factsheet.pdf?versionId=${t.versionId}&asOfDate=${t.asOfDate}&userId=${userId}`;
}

async function signature(ctx: StateAccess, path: string, expires: number): Promise<string> {
  const signed = `${path}\n${ctx.store.generation}\n${expires}`;
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(ctx), encoder.encode(signed)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A presigned factsheet address, as the real service redirects to (reference "GET factsheet": a
 * short-lived presigned URL that needs no API key): the PDF path of the run, the `userId` it is
 * issued to, `expires` (Unix seconds, the mock's now + {@link PRESIGNED_TTL_SECONDS}) and
 * `signature`, the hex HMAC-SHA-256 of `path + "\n" + generation + "\n" + expires` under the
 * mock's own secret. So an address holds only for its user, in the mock (sandbox session) that
 * issued it, for the state it was issued in (`ctx.store.generation`, moved on by a reset): strategy
 * ids repeat across sessions and resets, and must not open another user's strategy there. Web
 * Crypto, so it works in Node and in the browser (msw).
 *
 * @example
 * await presignFactsheet(ctx, { userId }, { api: "v2", strategyId, versionId, asOfDate: "2026-11-20" }) // => "/v2/strategies/…/factsheet.pdf?versionId=…&asOfDate=2026-11-20&userId=…&expires=…&signature=…"
 */
export async function presignFactsheet(
  ctx: StateAccess & ClockAccess,
  caller: Caller,
  target: FactsheetTarget,
): Promise<string> {
  const path = pathOf(target, caller.userId);
  const expires = Math.floor(ctx.clock.now() / 1000) + PRESIGNED_TTL_SECONDS;
  return `${path}&expires=${expires}&signature=${await signature(ctx, path, expires)}`;
}

/**
 * Checks a presigned factsheet address (see {@link presignFactsheet}) against this mock's secret,
 * state generation and clock; constant-time comparison. An address is honoured at most
 * {@link PRESIGNED_TTL_SECONDS} ahead of this mock's clock (so a clock that went back, e.g. the
 * host's being corrected, never stretches one).
 *
 * @throws ApiError 403 when the signature does not match the address (altered, another user's,
 *   another session's, or issued before a reset or a restart) or the address has expired (as a
 *   presigned object store answers; the API key is not asked for)
 */
export async function verifyFactsheetSignature(
  ctx: StateAccess & ClockAccess,
  target: FactsheetTarget,
  proof: FactsheetAddressProof,
): Promise<void> {
  const expected = await signature(ctx, pathOf(target, proof.userId), proof.expires);
  const given = proof.signature;
  let diff = expected.length ^ given.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (given.charCodeAt(i) || 0);
  if (diff !== 0) {
    throw new ApiError(
      403,
      "query.signature: does not match this factsheet address (an address holds only for the user it was issued to, in the sandbox session and the state it was issued in: another session, a reset or a restart voids it); GET the strategy's factsheet again for a fresh one",
    );
  }
  const now = Math.floor(ctx.clock.now() / 1000);
  const at = (seconds: number) => new Date(seconds * 1000).toISOString();
  if (now > proof.expires)
    throw new ApiError(
      403,
      `query.expires: this factsheet address expired at ${at(proof.expires)}; GET the strategy's factsheet again for a fresh one`,
    );
  if (proof.expires - now > PRESIGNED_TTL_SECONDS) {
    throw new ApiError(
      403,
      `query.expires: ${at(proof.expires)} is more than ${PRESIGNED_TTL_SECONDS} s after this mock's time ${at(now)} (its clock went back since the address was issued); GET the strategy's factsheet again for a fresh one`,
    );
  }
}
