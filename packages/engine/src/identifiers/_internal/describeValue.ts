/** Short description of a rejected identifier for an error message: quoted and cut to 40 characters. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  return typeof value;
}
