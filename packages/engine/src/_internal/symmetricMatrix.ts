import { EngineError } from "../errors/EngineError.ts";

/**
 * Dense symmetric matrices for the risk-based, Black–Litterman and allocation functions
 * (docs/maths.md#matrix-inputs): reading a square matrix given either as rows (`number[][]`)
 * or as one row-major array of n² values (`Float64Array`), and scaling it by its largest variance.
 * The factorisation and solves are the engine's one dense linear algebra, linearAlgebra/. Private
 * to the engine.
 */

/**
 * A square matrix: rows, row-major n·n values (n inferred from the length), or `{ size, values }`
 * (row-major, the shape the engine's covariance estimators return).
 */
export type MatrixInput =
  | ArrayLike<ArrayLike<number>>
  | ArrayLike<number>
  | { size: number; values: ArrayLike<number> };

/** A checked n×n matrix, row-major (a fresh array: never a view of the caller's input). */
export interface DenseMatrix {
  n: number;
  data: Float64Array;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "number" ? String(value) : typeof value;
}

function isArrayLike(value: unknown): value is ArrayLike<unknown> {
  return value !== null && typeof value === "object" && typeof (value as ArrayLike<unknown>).length === "number";
}

/**
 * Reads a square matrix of finite numbers: `rows[i][j]` (when any element is an array) or a flat
 * row-major array (a typed array, or an array of numbers) whose length is a perfect square. Throws INVALID_INPUT naming `field[i][j]` (or `field[k]`) and the rule.
 */
export function toSquareMatrix(field: string, value: unknown, minSize = 1): DenseMatrix {
  if (value !== null && typeof value === "object" && "values" in value && "size" in value) {
    const { size, values } = value as { size: unknown; values: unknown };
    if (typeof size !== "number" || !Number.isInteger(size) || size < minSize) {
      throw new EngineError("INVALID_INPUT", `${field}.size must be an integer >= ${minSize}, got ${describe(size)}`, {
        field: `${field}.size`,
      });
    }
    if (!isArrayLike(values) || values.length !== size * size) {
      const got = isArrayLike(values) ? `${values.length} values` : describe(values);
      throw new EngineError(
        "INVALID_INPUT",
        `${field}.values must hold size·size = ${size * size} numbers (row-major), got ${got}`,
        { field: `${field}.values` },
      );
    }
    const data = new Float64Array(size * size);
    for (let k = 0; k < size * size; k++) {
      const v = values[k];
      if (typeof v !== "number" || !Number.isFinite(v)) {
        throw new EngineError("INVALID_INPUT", `${field}.values[${k}] must be a finite number, got ${describe(v)}`, {
          field: `${field}.values[${k}]`,
        });
      }
      data[k] = v;
    }
    return { n: size, data };
  }
  if (!isArrayLike(value)) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must be a square matrix (an array of rows, n·n values row-major, or { size, values }), got ${describe(value)}`,
      { field },
    );
  }
  const length = value.length;
  if (length === 0) throw new EngineError("INVALID_INPUT", `${field} must not be empty`, { field });
  // Rows when any element is itself an array (a non-array row is then blamed); flat otherwise.
  let rows = false;
  if (!ArrayBuffer.isView(value)) for (let i = 0; i < length && !rows; i++) rows = isArrayLike(value[i]);
  if (rows) {
    const n = length;
    const data = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      const row = value[i];
      if (!isArrayLike(row) || row.length !== n) {
        const got = isArrayLike(row) ? `${row.length} values` : describe(row);
        throw new EngineError(
          "INVALID_INPUT",
          `${field}[${i}] must be a row of ${n} numbers (the matrix is square), got ${got}`,
          { field: `${field}[${i}]` },
        );
      }
      for (let j = 0; j < n; j++) {
        const v = row[j];
        if (typeof v !== "number" || !Number.isFinite(v)) {
          throw new EngineError("INVALID_INPUT", `${field}[${i}][${j}] must be a finite number, got ${describe(v)}`, {
            field: `${field}[${i}][${j}]`,
          });
        }
        data[i * n + j] = v;
      }
    }
    if (n < minSize)
      throw new EngineError("INVALID_INPUT", `${field} must be at least ${minSize}×${minSize}, got ${n}×${n}`, {
        field,
      });
    return { n, data };
  }
  const n = Math.round(Math.sqrt(length));
  if (n * n !== length) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} given flat must hold n·n values (row-major), got ${length}, not a perfect square`,
      { field },
    );
  }
  const data = new Float64Array(length);
  for (let k = 0; k < length; k++) {
    const v = value[k];
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new EngineError("INVALID_INPUT", `${field}[${k}] must be a finite number, got ${describe(v)}`, {
        field: `${field}[${k}]`,
      });
    }
    data[k] = v;
  }
  if (n < minSize)
    throw new EngineError("INVALID_INPUT", `${field} must be at least ${minSize}×${minSize}, got ${n}×${n}`, { field });
  return { n, data };
}

/**
 * A checked covariance's values divided by its largest variance `scale` (a fresh array), so that
 * products of extreme entries cannot overflow; callers whose result is not scale-free multiply
 * back. The covariance itself is read by the one validator, `readCovariance` (data/covariance.ts).
 */
export function scaledByLargestVariance(values: Float64Array, n: number): DenseMatrix & { scale: number } {
  let scale = 0;
  for (let i = 0; i < n; i++) scale = Math.max(scale, values[i * n + i]!);
  const data = new Float64Array(n * n);
  for (let k = 0; k < n * n; k++) data[k] = values[k]! / scale;
  return { n, data, scale };
}
