import { timeEncoding } from "./timeAxis.ts";

/**
 * `spec` with every date axis (an `x` encoding on the field `date`, in any layer) replaced by the
 * axis of the span [first, last] (Unix seconds), with that span as the scale's domain: panels of
 * one page then show the same dates with the same tick format, whatever span their own data
 * covers (a rolling series starts a window later). Returns a new object; `spec` is not changed.
 */
export function withSharedTimeAxis<T>(spec: T, first: number, last: number): T {
  const shared = timeEncoding(last - first);
  const x = { ...shared, scale: { ...shared.scale, domain: [first * 1000, last * 1000] } };
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "encoding" && v !== null && typeof v === "object") {
        const enc = v as Record<string, unknown>;
        const ex = enc.x as { field?: string } | undefined;
        out[k] = ex !== undefined && ex.field === "date" ? { ...enc, x } : visit(v);
      } else out[k] = k === "data" ? v : visit(v);
    }
    return out;
  };
  return visit(spec) as T;
}
