/**
 * LEB128, the variable-length integer encoding of WebAssembly's binary format: seven bits a byte,
 * low bits first, the high bit set on every byte but the last. Unsigned for sizes and indices,
 * signed (two's complement, sign-extended from bit 6 of the last byte) for constants.
 * Reference: the WebAssembly core specification, section 5.2.2 (Integers).
 */

/** The unsigned LEB128 bytes of `n` (0 ≤ n < 2³²), e.g. 240 → [0xf0, 0x01]. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** The signed LEB128 bytes of `n` (a 32-bit integer), e.g. −1 → [0x7f], 64 → [0xc0, 0x00]. */
export function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}
