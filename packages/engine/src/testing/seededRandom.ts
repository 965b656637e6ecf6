/**
 * A small seeded generator (mulberry32): deterministic uniform numbers in [0, 1), so every test
 * instance and benchmark input replays from its seed. Part of `@thematic/engine/testing`.
 *
 * @example
 * seededRandom(1)() === seededRandom(1)() // => true
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
