/**
 * True when weights are given by id (`{ id: w }`, a Map, a portfolio result, or `{ id, weight }[]`),
 * false for numbers by position (an array of anything else, or a typed array), so that a
 * positional array with a bad element is blamed at its index.
 */
export function isLabelledWeights(value: unknown): boolean {
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return false;
  if (!Array.isArray(value)) return true;
  return (
    value.length > 0 &&
    value.every((x) => x !== null && typeof x === "object" && typeof (x as { id?: unknown }).id === "string")
  );
}
