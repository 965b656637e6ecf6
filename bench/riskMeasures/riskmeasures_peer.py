"""scipy peer of bench/riskMeasures/riskMeasuresVsScipy.ts: the minimum-risk LPs of
docs/maths.md#risk-measures, written the same way as the engine's (one row per period for MAD and
semi-deviation, the drawdown rows d_t = z_t - C_t w for CDaR and the maximum drawdown, M >= -R_t w
for minimax), built as scipy.sparse matrices and solved by scipy.optimize.linprog(method="highs")
with the engine's tolerances (1e-10). Sum w = 1, 0 <= w <= maxWeight.

Usage: python3 riskmeasures_peer.py <returns.f64> <periods> <assets> <maxWeight> <beta> <rounds> <measure>...
Prints one JSON object: {measure: {"ms": median ms per solve (build + solve), "objective": risk}}.
"""
import json
import math
import sys
import time

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix, csr_matrix, hstack, vstack, identity, diags

OPTIONS = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}


def tail_size(beta, T):
    k = (1 - beta) * T
    return round(k) if abs(k - round(k)) <= 1e-9 * k else k


def problem(measure, R, max_weight, beta):
    T, n = R.shape
    mu = R.mean(axis=0)
    I = identity(T, format="csr")
    if measure in ("mad", "semi-deviation"):
        # (mu - R_t) w - u_t <= 0
        A_ub = hstack([csr_matrix(mu - R), -I], format="csr")
        b_ub = np.zeros(T)
        c = np.concatenate([np.zeros(n), np.full(T, (2.0 if measure == "mad" else 1.0) / T)])
        bounds = [(0, max_weight)] * n + [(0, None)] * T
        A_eq = csr_matrix(np.concatenate([np.ones(n), np.zeros(T)]).reshape(1, -1))
    elif measure == "minimax":
        # -R_t w - M <= 0
        A_ub = hstack([csr_matrix(-R), csr_matrix(-np.ones((T, 1)))], format="csr")
        b_ub = np.zeros(T)
        c = np.concatenate([np.zeros(n), [1.0]])
        bounds = [(0, max_weight)] * n + [(None, None)]
        A_eq = csr_matrix(np.concatenate([np.ones(n), [0.0]]).reshape(1, -1))
    else:
        cdar = measure == "cdar"
        C = np.cumsum(R, axis=0)
        # columns [w (n), level, z (T), d (T), u (T, cdar)]
        Z = csr_matrix((T, T))
        eq = hstack([csr_matrix(C), csr_matrix((T, 1)), -I, I] + ([Z] if cdar else []), format="csr")  # C_t w - z_t + d_t = 0
        peak = diags([np.ones(T - 1), -np.ones(T - 1)], [0, 1], shape=(T - 1, T))  # z_{t} - z_{t+1} <= 0
        rows_peak = hstack([csr_matrix((T - 1, n + 1)), peak, csr_matrix((T - 1, T))] + ([csr_matrix((T - 1, T))] if cdar else []), format="csr")
        if cdar:
            level = hstack([csr_matrix((T, n)), csr_matrix(-np.ones((T, 1))), Z, I, -I], format="csr")  # d_t - zeta - u_t <= 0
        else:
            level = hstack([csr_matrix((T, n)), csr_matrix(-np.ones((T, 1))), Z, I], format="csr")  # d_t - M <= 0
        A_ub = vstack([rows_peak, level], format="csr")
        b_ub = np.zeros(A_ub.shape[0])
        ncol = n + 1 + 2 * T + (T if cdar else 0)
        c = np.zeros(ncol)
        c[n] = 1.0
        if cdar:
            c[n + 1 + 2 * T:] = 1.0 / tail_size(beta, T)
        bounds = [(0, max_weight)] * n + [(None, None)] + [(0, None)] * (2 * T + (T if cdar else 0))
        budget = np.zeros(ncol)
        budget[:n] = 1.0
        A_eq = vstack([csr_matrix(budget.reshape(1, -1)), eq], format="csr")
        return c, A_ub, b_ub, A_eq, np.concatenate([[1.0], np.zeros(T)]), bounds
    return c, A_ub, b_ub, A_eq, np.array([1.0]), bounds


def main():
    path, T, n, max_weight, beta, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6])
    R = np.fromfile(path, dtype=np.float64).reshape(T, n)
    out = {}
    for measure in sys.argv[7:]:
        times = []
        value = math.nan
        for _ in range(rounds):
            start = time.perf_counter()
            c, A_ub, b_ub, A_eq, b_eq, bounds = problem(measure, R, max_weight, beta)
            res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs", options=OPTIONS)
            times.append((time.perf_counter() - start) * 1000)
            if res.status != 0:
                raise SystemExit(f"{measure}: {res.message}")
            value = res.fun
        out[measure] = {"ms": float(np.median(times)), "objective": float(value)}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
