/**
 * 32-bit FNV-1a hash of a string, mixed with a seed (murmur3 finaliser): deterministic across
 * runtimes, for ids and per-(version, company) signal noise. Not cryptographic.
 *
 * @example
 * hash32("abc") === hash32("abc") // => true
 */
export function hash32(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) from `hash32(text, seed)`. @example unitHash("a") < 1 // => true */
export function unitHash(text: string, seed = 0): number {
  return hash32(text, seed) / 4294967296;
}

/**
 * A version-4-shaped UUID derived deterministically from `text` (four seeded hashes).
 *
 * @example
 * /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(uuidFrom("x")) // => true
 */
export function uuidFrom(text: string): string {
  const hex = [1, 2, 3, 4].map((s) => hash32(text, s).toString(16).padStart(8, "0")).join("");
  const variant = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
