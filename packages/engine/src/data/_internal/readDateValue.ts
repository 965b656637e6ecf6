import { EngineError } from "../../errors/EngineError.ts";

/**
 * A date cell as Unix seconds: a number (seconds; a value above 1e11 is refused as milliseconds), a
 * `Date`, a bigint of seconds, or an ISO 8601 string ("2024-01-31" is 00:00 UTC).
 * @throws EngineError INVALID_INPUT naming `field`.
 */
export function readDateValue(field: string, value: unknown): number {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isFinite(ms)) return ms / 1000;
  } else if (typeof value === "number" && Number.isFinite(value)) {
    if (Math.abs(value) > 1e11) {
      throw new EngineError(
        "INVALID_INPUT",
        `${field} = ${value} looks like milliseconds; give Unix seconds (divide by 1000)`,
        { field },
      );
    }
    return value;
  } else if (typeof value === "bigint") {
    return readDateValue(field, Number(value));
  } else if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) {
    const text = value.trim();
    const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text.replace(" ", "T"));
    if (Number.isFinite(ms)) return ms / 1000;
  }
  throw new EngineError(
    "INVALID_INPUT",
    `${field} must be a date (Unix seconds, a Date, or an ISO date such as 2024-01-31), got ${String(value)}`,
    { field },
  );
}
