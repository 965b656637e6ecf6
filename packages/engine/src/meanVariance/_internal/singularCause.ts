import { EngineError } from "../../errors/EngineError.ts";
import { formatNumber } from "../../_internal/formatNumber.ts";
import { EPS } from "../../_internal/tolerance.ts";

/** A correlation pivot at or below this is a zero direction (the one validator's EPS). */
const ZERO_PIVOT = EPS;
/** A coefficient (in correlation units) below this takes no part in the combination named. */
const PART = 1e-6;

interface Dependency {
  /** The asset that is a combination of earlier ones. */
  asset: number;
  /** Earlier assets and coefficients β with r_asset − mean ≈ Σ β_j (r_j − mean_j), in asset order. */
  combination: Array<{ asset: number; beta: number }>;
}

/**
 * Cholesky of the correlation matrix over `members` (in that order), keeping the assets that add
 * a direction; calls `onDependent` with each asset that does not (its pivot is <= 1e-9) and the
 * coefficients that make it a combination of the kept ones. Returns the rank found.
 */
function walk(
  Sigma: Float64Array,
  n: number,
  members: readonly number[],
  onDependent: (d: Dependency) => boolean,
): number {
  const sd = (i: number) => Math.sqrt(Sigma[i * n + i]!);
  const basis: number[] = [];
  const rows: Float64Array[] = [];
  for (const k of members) {
    const m = basis.length;
    const l = new Float64Array(m);
    let d = 1;
    for (let p = 0; p < m; p++) {
      let s = Sigma[basis[p]! * n + k]! / (sd(basis[p]!) * sd(k));
      const row = rows[p]!;
      for (let q = 0; q < p; q++) s -= row[q]! * l[q]!;
      l[p] = s / row[p]!;
      d -= l[p]! * l[p]!;
    }
    if (d > ZERO_PIVOT) {
      const row = new Float64Array(m + 1);
      row.set(l);
      row[m] = Math.sqrt(d);
      basis.push(k);
      rows.push(row);
      continue;
    }
    // c solves L_BBᵀ c = l: the correlation-unit coefficients of k on the basis.
    const c = Float64Array.from(l);
    for (let p = m - 1; p >= 0; p--) {
      let s = c[p]!;
      for (let q = p + 1; q < m; q++) s -= rows[q]![p]! * c[q]!;
      c[p] = s / rows[p]![p]!;
    }
    const combination = basis
      .map((j, p) => ({ asset: j, c: c[p]!, beta: (c[p]! * sd(k)) / sd(j) }))
      .filter((x) => Math.abs(x.c) > PART)
      .map(({ asset, beta }) => ({ asset, beta }));
    if (!onDependent({ asset: k, combination })) return -1;
  }
  return basis.length;
}

/**
 * The INVALID_INPUT for a covariance that is singular on the assets a mean–variance optimum would
 * hold (docs/maths.md#minimum-variance), naming the cause it detects rather than guessing: an asset
 * that duplicates another, or a combination of a few others (collinear assets, e.g. a fund and its
 * holdings), or of many others, which is what a sample covariance of fewer periods than assets
 * (T <= N) looks like (its rank is then at most T − 1). `members` are the assets of the face whose
 * factorisation failed.
 */
export function singularCause(
  Sigma: Float64Array,
  n: number,
  mu: Float64Array | undefined,
  members: readonly number[],
  ids: readonly string[],
  where = "on the assets the optimum holds",
): EngineError {
  let found: Dependency | undefined;
  walk(Sigma, n, members, (d) => {
    found = d;
    return false;
  });
  const shrink = "use a shrinkage estimate (ledoitWolfCovariance, oracleApproximatingShrinkage)";
  if (found === undefined) {
    return new EngineError(
      "INVALID_INPUT",
      `covariance must be positive definite ${where}; it is too ill-conditioned there (a Cholesky pivot vanished): ${shrink}`,
      { field: "covariance" },
    );
  }
  const dep: Dependency = found;
  const name = (i: number) => `"${ids[i]}"`;
  const terms = dep.combination;
  let cause: string;
  let fix = `Drop ${name(dep.asset)}, or ${shrink}`;
  if (terms.length === 0) {
    cause = `${name(dep.asset)} adds no risk of its own`;
  } else if (terms.length === 1 && Math.abs(terms[0]!.beta - 1) <= 1e-6) {
    const other = terms[0]!.asset;
    const differ = mu !== undefined && mu[dep.asset] !== mu[other];
    cause = `collinear assets: ${name(dep.asset)} duplicates ${name(other)}${differ ? " (the same risk but a different expected return, so the two cannot be solved as one)" : ""}`;
  } else if (terms.length <= 3) {
    const combo = terms
      .map(
        (t, k) =>
          `${k === 0 ? (t.beta < 0 ? "−" : "") : t.beta < 0 ? " − " : " + "}${formatNumber(Math.abs(t.beta), 4)}·${name(t.asset)}`,
      )
      .join("");
    cause = `collinear assets: ${name(dep.asset)} moves as ${combo}`;
  } else {
    const rank = walk(
      Sigma,
      n,
      Array.from({ length: n }, (_, i) => i),
      () => true,
    );
    cause =
      `the covariance has rank ${rank} of ${n} assets (${name(dep.asset)} is a combination of ${terms.length} others), ` +
      `as a sample covariance of fewer periods than assets (T <= N) has (its rank is at most T − 1)`;
    fix = shrink.charAt(0).toUpperCase() + shrink.slice(1);
  }
  return new EngineError(
    "INVALID_INPUT",
    `covariance must be positive definite ${where}, and it is singular there: ${cause}. ${fix}`,
    {
      field: "covariance",
      details: { asset: ids[dep.asset], combination: terms.map((t) => ({ asset: ids[t.asset], beta: t.beta })) },
    },
  );
}
