import { navCentsText } from "../../_internal/navCents.ts";

/** Writes the `[t, nav]` pairs of one series as JSON text, without the enclosing brackets. */
export type PointsTextWriter = (nav: ArrayLike<number>) => string;

/** Longest text `navCentsText` gives: "-1.7976931348623157e+308". */
const NAV_TEXT_MAX = 24;
const DOT = 0x2e;
const ZERO = 0x30;

/** The two ASCII digits of 0 to 99, at 2i and 2i + 1. */
const TWO_DIGITS = Uint8Array.from(
  { length: 200 },
  (_, i) => ZERO + (i % 2 === 0 ? Math.floor(i / 20) : (i >> 1) % 10),
);

const ascii = new TextEncoder();
const utf8 = new TextDecoder();

/** Bytes being written (one per character: the text is ASCII), grown on demand, shared: writing is synchronous. */
let scratch = new Uint8Array(1 << 15);

/**
 * A writer of the JSON text of `[[t0, v0], [t1, v1], …]` without its outer brackets, for the
 * given timestamps, each `v` being `navCents(nav[k])` (docs/maths.md#nav-in-responses): exactly
 * `JSON.stringify(Array.from(timestamps, (t, k) => [t, navCents(nav[k])])).slice(1, -1)`.
 * The `[t,` text of every point is encoded once, here; each call copies those bytes and writes
 * each NAV's digits from its integer number of cents into one byte array, decoded once into a
 * flat string: no string per number, and nothing for V8 to flatten when Node measures and sends
 * the response.
 *
 * @example
 * pointsTextWriter([1594339200, 1594944000])([10000, 10156.804]) // => "[1594339200,10000],[1594944000,10156.8]"
 */
export function pointsTextWriter(timestamps: ArrayLike<number>): PointsTextWriter {
  const n = timestamps.length;
  // "[t0," then "],[t1," … : what comes before each value.
  const heads = Array.from({ length: n }, (_, k) => `${k === 0 ? "" : "],"}[${JSON.stringify(timestamps[k])},`);
  const headBytes = ascii.encode(heads.join(""));
  const headEnd = new Int32Array(n);
  let end = 0;
  for (let k = 0; k < n; k++) headEnd[k] = end += heads[k]!.length;
  const capacity = headBytes.length + n * NAV_TEXT_MAX + 1;

  return (nav) => {
    if (nav.length !== n) throw new RangeError(`nav has ${nav.length} values for ${n} timestamps`);
    if (scratch.length < capacity) scratch = new Uint8Array(Math.max(capacity, 2 * scratch.length));
    const out = scratch;
    let p = 0;
    let h = 0;
    for (let k = 0; k < n; k++) {
      for (const stop = headEnd[k]!; h < stop; h++) out[p++] = headBytes[h]!;
      const x = nav[k]!;
      const cents = Math.round(x * 100);
      if (cents > 0 && cents < 0x7fffffff) p = writeCents(out, p, cents);
      else {
        const text = navCentsText(x);
        for (let i = 0; i < text.length; i++) out[p++] = text.charCodeAt(i);
      }
    }
    if (n > 0) out[p++] = 0x5d; // the last point's "]"
    return utf8.decode(out.subarray(0, p));
  };
}

/** Writes `cents / 100` as JSON does (`1015680` → "10156.8", `5` → "0.05"); 0 < cents < 2^31. Returns the end. */
function writeCents(out: Uint8Array, p: number, cents: number): number {
  let whole = (cents / 100) | 0;
  const fraction = cents - whole * 100;
  let digits = 1;
  for (let w = whole; w >= 10; w = (w / 10) | 0) digits++;
  let e = p + digits;
  const stop = e;
  while (whole >= 100) {
    const q = (whole / 100) | 0;
    const d = (whole - q * 100) << 1;
    out[--e] = TWO_DIGITS[d + 1]!;
    out[--e] = TWO_DIGITS[d]!;
    whole = q;
  }
  if (whole >= 10) {
    out[--e] = TWO_DIGITS[(whole << 1) + 1]!;
    out[--e] = TWO_DIGITS[whole << 1]!;
  } else out[--e] = ZERO + whole;
  p = stop;
  if (fraction !== 0) {
    out[p++] = DOT;
    out[p++] = TWO_DIGITS[fraction << 1]!;
    if (fraction % 10 !== 0) out[p++] = TWO_DIGITS[(fraction << 1) + 1]!;
  }
  return p;
}
