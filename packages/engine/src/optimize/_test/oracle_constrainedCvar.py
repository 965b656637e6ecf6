"""Oracle for the constrained minimum-CVaR and target-CVaR problems, written from the formulas of
docs/maths.md#portfolio-constraints with scipy.optimize.linprog(method="highs").

Reads one problem as JSON on stdin, writes {"weights", "objective", "status"} on stdout.

  minimum:    minimise  alpha + 1/k * sum_t xi_t + sum_i c_i (u_i + v_i) / P
  linear:     minimise  cvarWeight * (alpha + 1/k * sum_t xi_t) - gain'w + costWeight * sum_i c_i (u_i + v_i)
  targetCvar: maximise  mu'w - sum_i c_i (u_i + v_i) / P   s.t. alpha + 1/k * sum_t xi_t <= limit
  subject to  sum w = 1, lower <= w <= upper, lo_k <= a_k'w <= hi_k,
              xi_t >= -r_t'w - alpha, xi >= 0,
              w - u + v = w0, u, v >= 0, sum(u + v) <= 2 * maxTurnover,
              w - p + q = 0, p, q >= 0, sum(p + q) <= gross,
              tracking error sqrt((w-b)' S (w-b)) <= te by Kelley cuts (S the sample covariance, ddof 1).
"""
import json
import sys

import numpy as np
from scipy.optimize import linprog


def solve(d):
    n, T = d["n"], d["T"]
    R = np.array(d["returns"], dtype=float).reshape(T, n)
    k = (1 - d["confidence"]) * T
    if abs(k - round(k)) < 1e-9:
        k = round(k)
    P = d["P"]
    costs = np.array(d["costs"]) if d["costs"] is not None else np.zeros(n)
    w0 = np.array(d["previous"], dtype=float)
    trades = d["maxTurnover"] is not None or d["costs"] is not None
    longshort = d["gross"] is not None and min(d["lower"]) < 0
    # columns: w | u v | p q | alpha | xi
    nw = n
    nt = 2 * n if trades else 0
    nl = 2 * n if longshort else 0
    ia = nw + nt + nl
    nc = ia + 1 + T
    c = np.zeros(nc)
    form = d["form"]
    mu = R.mean(axis=0)
    cost_weight = 1 / P
    if form == "minimum":
        c[ia] = 1
        c[ia + 1:] = 1 / k
    elif form == "linear":
        # minimise cvarWeight * CVaR - gain'w + costWeight * sum c |dw|
        c[:n] = -np.array(d["gain"], dtype=float)
        c[ia] = d["cvarWeight"]
        c[ia + 1:] = d["cvarWeight"] / k
        cost_weight = d["costWeight"]
    else:
        c[:n] = -mu
    if trades:
        c[nw:nw + n] = costs * cost_weight
        c[nw + n:nw + 2 * n] = costs * cost_weight
    A_ub, b_ub, A_eq, b_eq = [], [], [], []
    row = np.zeros(nc); row[:n] = 1; A_eq.append(row); b_eq.append(1.0)
    for r in d["rows"]:
        a = np.zeros(nc); a[:n] = r["a"]
        if r["hi"] is not None:
            A_ub.append(a.copy()); b_ub.append(r["hi"])
        if r["lo"] is not None:
            A_ub.append(-a); b_ub.append(-r["lo"])
    for t in range(T):
        a = np.zeros(nc); a[:n] = -R[t]; a[ia] = -1; a[ia + 1 + t] = -1
        A_ub.append(a); b_ub.append(0.0)
    if form == "targetCvar":
        a = np.zeros(nc); a[ia] = 1; a[ia + 1:] = 1 / k
        A_ub.append(a); b_ub.append(d["limit"])
    if trades:
        for i in range(n):
            a = np.zeros(nc); a[i] = 1; a[nw + i] = -1; a[nw + n + i] = 1
            A_eq.append(a); b_eq.append(w0[i])
        if d["maxTurnover"] is not None:
            a = np.zeros(nc); a[nw:nw + 2 * n] = 1
            A_ub.append(a); b_ub.append(2 * d["maxTurnover"])
    if longshort:
        o = nw + nt
        for i in range(n):
            a = np.zeros(nc); a[i] = 1; a[o + i] = -1; a[o + n + i] = 1
            A_eq.append(a); b_eq.append(0.0)
        a = np.zeros(nc); a[o:o + 2 * n] = 1
        A_ub.append(a); b_ub.append(d["gross"])
    bounds = [(d["lower"][i], d["upper"][i]) for i in range(n)] + [(0, None)] * (nt + nl) + [(None, None)] + [(0, None)] * T
    S = np.cov(R, rowvar=False, ddof=1) if d["te"] is not None else None
    b = np.array(d["benchmark"], dtype=float) if d["te"] is not None else None
    opts = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}
    for _ in range(1000):
        res = linprog(c, A_ub=np.array(A_ub), b_ub=np.array(b_ub), A_eq=np.array(A_eq), b_eq=np.array(b_eq), bounds=bounds, method="highs", options=opts)
        if res.status != 0:
            return {"status": "infeasible" if res.status == 2 else "failed", "weights": None, "objective": None}
        w = res.x[:n]
        if S is None:
            break
        dv = w - b
        te = float(np.sqrt(max(0.0, dv @ S @ dv)))
        if te <= d["te"] * (1 + 1e-9):
            break
        # tangent cut g'(w - b) <= te_limit * TE(w), g = S d, scaled to unit largest coefficient
        g = S @ dv
        scale = np.max(np.abs(g))
        a = np.zeros(nc); a[:n] = g / scale
        A_ub.append(a); b_ub.append((d["te"] * te + g @ b) / scale)
    objective = -res.fun if form == "targetCvar" else res.fun
    return {"status": "optimal", "weights": w.tolist(), "objective": float(objective)}


if __name__ == "__main__":
    problems = json.load(sys.stdin)
    json.dump([solve(p) for p in problems], sys.stdout)
