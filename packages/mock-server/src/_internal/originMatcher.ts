/**
 * A predicate telling whether a browser `Origin` is in an allow-list of `corsOrigins` entries
 * (see `MockOptions.corsOrigins`): `*` matches every origin; `http://localhost:*` matches that
 * scheme and host on any port (and without a port); any other entry matches exactly, compared
 * case-insensitively. `null` (the origin of sandboxed frames and `file:` pages) matches only `*`.
 *
 * Cost: O(1) per call with a Set for the exact entries, O(wildcard entries) otherwise.
 * @example
 * originMatcher(["http://localhost:*"])("http://localhost:5173") // => true
 * originMatcher(["http://localhost:*"])("http://localhost.evil.example:5173") // => false
 */
export function originMatcher(patterns: readonly string[]): (origin: string) => boolean {
  if (patterns.includes("*")) return () => true;
  const exact = new Set<string>();
  const anyPort: string[] = [];
  for (const p of patterns) {
    const lower = p.toLowerCase();
    if (lower.endsWith(":*")) anyPort.push(lower.slice(0, -2));
    else exact.add(lower);
  }
  return (origin) => {
    const o = origin.toLowerCase();
    if (exact.has(o)) return true;
    for (const base of anyPort) {
      if (o === base) return true;
      if (
        o.startsWith(base) &&
        o.charCodeAt(base.length) === 58 /* ":" */ &&
        /^\d{1,5}$/.test(o.slice(base.length + 1))
      )
        return true;
    }
    return false;
  };
}
