/** Longest route template or sample path kept (longer ones are cut, marked `…`). */
export const MAX_ROUTE_LENGTH = 200;

/**
 * The route template of a request path the mock's document does not have: each id-like segment
 * becomes `{id}`, so that every id of one route is one route. A segment is id-like when it is
 * a UUID; a number, a date or a time (`42`, `3.5`, `2025-06-01`, `12:30`); at least 8 hex
 * digits; at least 8 characters mixing letters and digits (`abc12345`, `sk_live_01`); or 20
 * characters or more that are not lower-case words joined by `-`, `_` or `.`. Words
 * (`strategies`, `strategies-exposures`, `factsheet.pdf`, `v1`) stay.
 * The template is cut to {@link MAX_ROUTE_LENGTH} characters.
 *
 * @example
 * routeTemplate("/v1/widgets/3f2a9c1b-0d4e-4f5a-9b6c-7d8e9f0a1b2c/parts/17") // => "/v1/widgets/{id}/parts/{id}"
 */
export function routeTemplate(path: string): string {
  const template = path
    .slice(0, 64 * MAX_ROUTE_LENGTH)
    .split("/")
    .map((segment) => (isIdLike(segment) ? "{id}" : segment))
    .join("/");
  return cut(template);
}

/** `text` cut to {@link MAX_ROUTE_LENGTH} characters (the last one `…` when cut). */
export function cut(text: string): string {
  return text.length <= MAX_ROUTE_LENGTH ? text : `${text.slice(0, MAX_ROUTE_LENGTH - 1)}…`;
}

function isIdLike(segment: string): boolean {
  if (segment === "" || segment.startsWith("{")) return false;
  return (
    UUID.test(segment) ||
    NUMBER_OR_DATE.test(segment) ||
    HEX.test(segment) ||
    (segment.length >= 20 && !WORDS.test(segment)) ||
    (segment.length >= 8 && /\d/.test(segment) && /[A-Za-z]/.test(segment))
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER_OR_DATE = /^[+-]?\d[\d.,:_-]*$/;
const HEX = /^(0x)?[0-9a-f]{8,}$/i;
/** Lower-case words joined by `-`, `_` or `.` (`strategies-exposures`): a name, however long. */
const WORDS = /^[a-z]+(?:[-_.][a-z]+)*$/;
