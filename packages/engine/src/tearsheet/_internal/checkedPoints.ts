import { EngineError } from "../../errors/EngineError.ts";

/** Timestamps and values of `[t, v]` points: at least 2, t finite and strictly increasing, v finite and > 0. */
export function checkedPoints(points: unknown): { t: Float64Array; v: Float64Array } {
  if (!Array.isArray(points) || points.length < 2) {
    throw new EngineError("INVALID_INPUT", "timeSeries must be an array of at least 2 [t, value] points", {
      field: "timeSeries",
    });
  }
  const t = new Float64Array(points.length);
  const v = new Float64Array(points.length);
  for (let k = 0; k < points.length; k++) {
    const p = points[k] as unknown;
    if (!Array.isArray(p) || p.length < 2)
      throw new EngineError("INVALID_INPUT", `timeSeries[${k}] must be a [t, value] pair`, {
        field: `timeSeries[${k}]`,
      });
    const [tk, vk] = p as [unknown, unknown];
    if (typeof tk !== "number" || !Number.isFinite(tk) || Math.abs(tk) > 8.64e12 || (k > 0 && !(tk > t[k - 1]!))) {
      throw new EngineError(
        "INVALID_INPUT",
        `timeSeries[${k}][0] must be a finite timestamp above the previous one, got ${String(tk)}`,
        { field: `timeSeries[${k}][0]` },
      );
    }
    if (typeof vk !== "number" || !(vk > 0 && vk < Infinity)) {
      throw new EngineError("INVALID_INPUT", `timeSeries[${k}][1] must be a finite number > 0, got ${String(vk)}`, {
        field: `timeSeries[${k}][1]`,
      });
    }
    t[k] = tk;
    v[k] = vk;
  }
  return { t, v };
}
