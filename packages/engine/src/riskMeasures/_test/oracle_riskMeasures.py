"""Oracle for minimumRisk and meanRisk (docs/maths.md#risk-measures), run by riskMeasures.oracle.test.ts.

Independent of the engine: each problem is written out here from the formulas as a scipy.optimize
linprog (HiGHS) LP, or a scipy.optimize.milp MILP when a holdings rule is given, and each measure
is recomputed by numpy at the weights the engine returned. Formulations (w the weights, R the T x n
returns, mu their column means, C_t = sum_{s<=t} R_s):
  mad:            min (1/T) sum u_t,   u_t >= (R_t - mu) w,  u_t >= -(R_t - mu) w      (Konno-Yamazaki)
  semi-deviation: min (1/T) sum u_t,   u_t >= (mu - R_t) w,  u_t >= 0
  cdar:           min zeta + 1/((1-b)T) sum u_t,  u_t >= z_t - C_t w - zeta, u_t >= 0,
                  z_t >= C_t w, z_t >= z_{t-1}, z_t >= 0                            (Chekhlov-Uryasev-Zabarankin)
  max-drawdown:   min M,  M >= z_t - C_t w, z_t as above
  minimax:        max m,  R_t w >= m                                                  (Young)
with sum w = 1, 0 <= w <= maxWeight, [mu w >= target], [w_i >= wmin z_i, sum z >= K, z binary];
the trade-off form minimises lambda*risk - mu w instead.

Input (stdin): {"cases": [{"returns": [[...]], "measure", "confidence", "maxWeight", "target"|null,
"riskAversion"|null, "minHoldings"|null, "minActiveWeight", "weights": [...] (the engine's)}]}.
Output (stdout): {"cases": [{"optimum", "risk", "mean", "budget", "maxWeight", "minWeight", "active"}]}:
the oracle's optimal objective (in the engine's sense: risk, or mu w - lambda*risk), and at the
engine's weights the numpy risk, mean return, sum, largest and smallest weight, and holdings count.
"""
import json
import math
import sys

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, linprog, milp
from scipy.sparse import csr_matrix, hstack, vstack, identity, lil_matrix

OPTIONS = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}


def tail_size(beta, T):
    k = (1 - beta) * T
    return round(k) if abs(k - round(k)) <= 1e-9 * k else k


def drawdowns(r):
    c = np.cumsum(r)
    peak = np.maximum.accumulate(np.maximum(c, 0.0))
    return peak - c


def risk_of(measure, r, beta):
    T = len(r)
    if measure == "mad":
        return float(np.mean(np.abs(r - r.mean())))
    if measure == "semi-deviation":
        return float(np.mean(np.maximum(0.0, r.mean() - r)))
    if measure == "max-drawdown":
        return float(drawdowns(r).max())
    if measure == "minimax":
        return float(np.max(-r))
    d = np.sort(drawdowns(r))[::-1]
    k = tail_size(beta, T)
    whole = int(math.floor(k))
    total = d[:whole].sum()
    if whole < T:
        total += (k - whole) * d[whole]
    return float(total / k)


def build(case):
    """Columns [w (n), aux...]; returns c, A_ub, b_ub, A_eq, b_eq, bounds, number of columns."""
    R = np.array(case["returns"], dtype=float)
    T, n = R.shape
    mu = R.mean(axis=0)
    measure = case["measure"]
    lam = case["riskAversion"]
    weight = 1.0 if lam is None else lam
    ub_rows, ub_rhs, eq_rows, eq_rhs = [], [], [], []
    if measure in ("mad", "semi-deviation"):
        ncol = n + T
        c = np.zeros(ncol)
        c[n:] = weight / T
        D = R - mu
        for t in range(T):
            row = np.zeros(ncol)
            row[:n] = -D[t]
            row[n + t] = -1.0  # (mu - R_t) w - u_t <= 0
            ub_rows.append(row)
            ub_rhs.append(0.0)
            if measure == "mad":
                row = np.zeros(ncol)
                row[:n] = D[t]
                row[n + t] = -1.0  # (R_t - mu) w - u_t <= 0
                ub_rows.append(row)
                ub_rhs.append(0.0)
        bounds = [(0, case["maxWeight"])] * n + [(0, None)] * T
    elif measure == "minimax":
        ncol = n + 1
        c = np.zeros(ncol)
        c[n] = -weight  # maximise m
        for t in range(T):
            row = np.zeros(ncol)
            row[:n] = -R[t]
            row[n] = 1.0  # m - R_t w <= 0
            ub_rows.append(row)
            ub_rhs.append(0.0)
        bounds = [(0, case["maxWeight"])] * n + [(None, None)]
    else:
        C = np.cumsum(R, axis=0)
        cdar = measure == "cdar"
        # [w, level (zeta or M), z_1..z_T, u_1..u_T (cdar)]
        ncol = n + 1 + T + (T if cdar else 0)
        c = np.zeros(ncol)
        c[n] = weight
        if cdar:
            c[n + 1 + T:] = weight / tail_size(case["confidence"], T)
        for t in range(T):
            z = n + 1 + t
            row = np.zeros(ncol)
            row[:n] = C[t]
            row[z] = -1.0  # C_t w - z_t <= 0
            ub_rows.append(row)
            ub_rhs.append(0.0)
            if t > 0:
                row = np.zeros(ncol)
                row[z - 1] = 1.0
                row[z] = -1.0  # z_{t-1} - z_t <= 0
                ub_rows.append(row)
                ub_rhs.append(0.0)
            row = np.zeros(ncol)
            row[z] = 1.0
            row[:n] = -C[t]
            row[n] = -1.0
            if cdar:
                row[n + 1 + T + t] = -1.0  # z_t - C_t w - zeta - u_t <= 0
            ub_rows.append(row)
            ub_rhs.append(0.0)
        bounds = [(0, case["maxWeight"])] * n + [(None, None)] + [(0, None)] * T + ([(0, None)] * T if cdar else [])
    if lam is not None:
        c[:n] -= mu
    row = np.zeros(ncol)
    row[:n] = 1.0
    eq_rows.append(row)
    eq_rhs.append(1.0)
    if case["target"] is not None:
        row = np.zeros(ncol)
        row[:n] = -mu
        ub_rows.append(row)
        ub_rhs.append(-case["target"])
    return R, mu, c, np.array(ub_rows), np.array(ub_rhs), np.array(eq_rows), np.array(eq_rhs), bounds


def solve(case):
    R, mu, c, A_ub, b_ub, A_eq, b_eq, bounds = build(case)
    n = R.shape[1]
    K = case["minHoldings"]
    if K is None:
        res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs", options=OPTIONS)
        assert res.status == 0, res.message
        value = res.fun
    else:
        ncol = len(c)
        wmin = case["minActiveWeight"]
        cz = np.concatenate([c, np.zeros(n)])
        A = np.zeros((n + 1, ncol + n))
        for i in range(n):
            A[i, i] = 1.0
            A[i, ncol + i] = -wmin  # w_i - wmin z_i >= 0
        A[n, ncol:] = 1.0  # sum z >= K
        lo = [b if b is not None else -np.inf for b, _ in bounds] + [0.0] * n
        hi = [b if b is not None else np.inf for _, b in bounds] + [1.0] * n
        constraints = [
            LinearConstraint(np.hstack([A_ub, np.zeros((A_ub.shape[0], n))]), -np.inf, b_ub),
            LinearConstraint(np.hstack([A_eq, np.zeros((A_eq.shape[0], n))]), b_eq, b_eq),
            LinearConstraint(A, np.concatenate([np.zeros(n), [K]]), np.inf),
        ]
        integrality = np.concatenate([np.zeros(ncol), np.ones(n)])
        res = milp(cz, constraints=constraints, bounds=Bounds(lo, hi), integrality=integrality,
                   options={"mip_rel_gap": 1e-12, "primal_feasibility_tolerance": 1e-10})
        assert res.status == 0, res.message
        value = res.fun
    optimum = value if case["riskAversion"] is None else -value
    w = np.array(case["weights"], dtype=float)
    r = R @ w
    risk = risk_of(case["measure"], r, case["confidence"])
    wmin = case["minActiveWeight"] if case["minActiveWeight"] is not None else 0.0
    return {
        "optimum": float(optimum),
        "risk": risk,
        "mean": float(mu @ w),
        "budget": float(w.sum()),
        "maxWeight": float(w.max()),
        "minWeight": float(w.min()),
        "active": int(np.sum(w >= wmin * (1 - 1e-9))) if case["minHoldings"] is not None else n,
    }


def main():
    data = json.load(sys.stdin)
    json.dump({"cases": [solve(case) for case in data["cases"]]}, sys.stdout)


if __name__ == "__main__":
    main()
