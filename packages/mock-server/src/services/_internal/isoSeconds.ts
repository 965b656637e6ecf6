/**
 * An instant (ms since the epoch) as the v2 API writes timestamps: ISO-8601 in UTC to the
 * second, without milliseconds, as in the real reference's examples ("2023-11-07T05:31:56Z";
 * docs/parity.md, v2 row 2). Milliseconds are dropped (floor), never rounded up.
 *
 * @example
 * isoSeconds(Date.UTC(2023, 10, 7, 5, 31, 56, 999)) // => "2023-11-07T05:31:56Z"
 */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
}
