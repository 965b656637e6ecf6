/** Longest part of a refused value an error description repeats, characters. */
const QUOTED_MAX = 60;

/**
 * A value as an error description quotes it: JSON, cut to its first {@link QUOTED_MAX} characters
 * (with `…` and the full length) so that a refused megabyte is not echoed back.
 *
 * @example
 * quoted("private_key_jwt") // => "\"private_key_jwt\""
 * quoted("x".repeat(100)).endsWith("… (100 characters)") // => true
 */
export function quoted(value: unknown): string {
  if (typeof value === "string" && value.length > QUOTED_MAX)
    return `${JSON.stringify(value.slice(0, QUOTED_MAX))}… (${value.length} characters)`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > QUOTED_MAX ? `${text.slice(0, QUOTED_MAX)}… (${text.length} characters of JSON)` : text;
}
