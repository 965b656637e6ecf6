/**
 * Levenshtein distance (insertions, deletions, substitutions, each 1) between two strings,
 * compared case-insensitively. O(|a|·|b|) time, O(|b|) memory.
 *
 * @example
 * editDistance("objectve", "objective") // => 1
 */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[y.length]!;
}

/**
 * The names of `known` closest to `word` (for "did you mean" answers): those within
 * max(2, ⌈|word| / 3⌉) edits, or that start with `word` or that `word` starts with
 * (case-insensitive), nearest first (ties: shorter, then alphabetical), at most `count`.
 *
 * @example
 * closestNames("objectve", ["name", "objective", "exclusions"]) // => ["objective"]
 */
export function closestNames(word: string, known: Iterable<string>, count = 3): string[] {
  const w = word.trim().toLowerCase();
  if (w.length === 0) return [];
  const limit = Math.max(2, Math.ceil(w.length / 3));
  const scored: Array<{ name: string; d: number }> = [];
  for (const name of new Set(known)) {
    const n = name.toLowerCase();
    const prefix = n.startsWith(w) || w.startsWith(n);
    const d = editDistance(w, n);
    if (d <= limit || prefix) scored.push({ name, d: prefix ? Math.min(d, limit) : d });
  }
  scored.sort((a, b) => a.d - b.d || a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return scored.slice(0, count).map((s) => s.name);
}
