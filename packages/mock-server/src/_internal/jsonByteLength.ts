/**
 * Bytes of the UTF-8 JSON text of `value` (`JSON.stringify`), without allocating the encoded
 * bytes: one pass over the string counting 1 to 4 bytes per code point (a lone surrogate, which
 * JSON.stringify escapes as `\udxxx`, never reaches here). Works in Node and in a browser.
 *
 * Cost: O(size of the JSON text).
 * @param value a JSON value (already parsed from a request body, so it stringifies)
 * @example
 * jsonByteLength({ a: "é" }) // => 10
 */
export function jsonByteLength(value: unknown): number {
  const text = JSON.stringify(value) ?? "";
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair: one 4-byte code point
      i++;
    } else bytes += 3;
  }
  return bytes;
}
