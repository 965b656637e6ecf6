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
  holdings:   with "minHoldings" K, binaries z_i with w_i - minActiveWeight * z_i >= 0, sum z >= K,
              solved by scipy.optimize.milp (no tracking error then).
  L2:         with "l2" (annual gamma; l2 / P per period) or "l2Weight", + l2 * |w|^2 in the minimised
              objective (a QP): SLSQP from feasible LP vertices, certified by the Frank-Wolfe LP bound
              ("lower"); see solve_l2.
"""
import json
import sys

import numpy as np
from scipy.optimize import LinearConstraint, linprog, milp


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
    l2 = d.get("l2Weight")
    if l2 is None:
        l2 = d.get("l2", 0.0) / P
    if l2 > 0:
        return solve_l2(d, R, k, c, A_ub, b_ub, A_eq, b_eq, bounds, n, form, l2, opts)
    if d.get("minHoldings") is not None:
        return solve_holdings(d, c, A_ub, b_ub, A_eq, b_eq, bounds, n, form)
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


def true_objective(d, R, k, w, c, n, form, l2):
    """The objective at w from the formulas (what the split problem's value is at its best alpha, xi, u, v):
    cvarWeight * CVaR_beta(w) - gain'w + costWeight * sum c|w - w0| + l2 * |w|^2 (minimised; the target-CVaR
    form's is the negated return net of costs and L2), and CVaR_beta(w) = min_alpha alpha + 1/k sum (loss - alpha)^+."""
    losses = -(R @ w)
    alpha = np.sort(losses)[::-1][int(np.ceil(k)) - 1]
    cvar = alpha + np.maximum(losses - alpha, 0).sum() / k
    nw = n
    trades = d["maxTurnover"] is not None or d["costs"] is not None
    cost = 0.0
    if trades:
        cost = float(c[nw:nw + n] @ np.abs(w - np.array(d["previous"], dtype=float)))
    linear = float(c[:n] @ w)
    ia = len(c) - R.shape[0] - 1
    return float(c[ia] * cvar + linear + cost + l2 * (w @ w)), float(cvar)


def solve_l2(d, R, k, c, A_ub, b_ub, A_eq, b_eq, bounds, n, form, l2, opts):
    """The QP: minimise c'z + l2 * |w|^2 over the split problem's polytope (z = w | u v | p q | alpha | xi),
    by SLSQP from feasible vertices (LP solutions) and their mean, the best point then certified by the
    Frank-Wolfe bound: F is convex, so min F >= F(z) + min_x grad F(z)'(x - z) over the polytope, an LP
    (linprog, HiGHS) = min_x (c + 2 l2 [w; 0])'x - l2 |w|^2. Returns "lower" (that bound) beside the objective,
    and with "at" (weights), "gapAt": the objective at those weights minus the bound linearised there."""
    from scipy.optimize import minimize

    T = R.shape[0]
    A_ub = np.array(A_ub)
    b_ub = np.array(b_ub)
    A_eq = np.array(A_eq)
    b_eq = np.array(b_eq)
    nc = len(c)
    q = np.zeros(nc)
    q[:n] = 1.0

    def lp(cost):
        res = linprog(cost, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs", options=opts)
        assert res.status == 0, res.message
        return res

    def bound_at(w):
        g = c.copy()
        g[:n] += 2 * l2 * w
        return float(lp(g).fun - l2 * (w @ w))

    starts = [lp(c).x]
    draw = np.random.default_rng(7)
    for _ in range(4):
        g = c.copy()
        g[:n] = draw.normal(0, 0.01, n)
        starts.append(lp(g).x)
    starts.append(np.mean(starts, axis=0))
    scale = 1.0 / max(np.max(np.abs(c)), l2)
    lo = np.array([b[0] if b[0] is not None else -np.inf for b in bounds])
    hi = np.array([b[1] if b[1] is not None else np.inf for b in bounds])
    cons = [
        {"type": "ineq", "fun": lambda z: b_ub - A_ub @ z, "jac": lambda z: -A_ub},
        {"type": "eq", "fun": lambda z: A_eq @ z - b_eq, "jac": lambda z: A_eq},
    ]
    f = lambda z: scale * (c @ z + l2 * (z[:n] @ z[:n]))
    jac = lambda z: scale * (c + 2 * l2 * q * z)
    best = None
    for z0 in starts:
        res = minimize(f, z0, jac=jac, method="SLSQP", bounds=list(zip(lo, hi)), constraints=cons,
                       options={"ftol": 1e-16, "maxiter": 5000})
        z = np.clip(res.x, lo, hi)
        w = z[:n]
        value, cvar = true_objective(d, R, k, w, c, n, form, l2)
        if best is None or value < best[0]:
            best = (value, w, cvar, z)
    # Polish on the face: the equality-constrained QP of the rows and bounds active at the best point
    # (KKT system by least squares), kept when it meets every row to 1e-12 and lowers the objective.
    H = np.zeros(nc)
    H[:n] = 2 * l2
    for _ in range(3):
        for tol in (1e-6, 1e-8, 1e-10, 1e-12):
            z = best[3]
            act = b_ub - A_ub @ z <= tol
            at_lo = z - lo <= tol
            at_hi = hi - z <= tol
            eye = np.eye(nc)
            E = np.vstack([A_eq, A_ub[act], eye[at_lo], eye[at_hi]])
            e = np.concatenate([b_eq, b_ub[act], lo[at_lo], hi[at_hi]])
            m = E.shape[0]
            K = np.block([[np.diag(H), E.T], [E, np.zeros((m, m))]])
            sol = np.linalg.lstsq(K, np.concatenate([-c, e]), rcond=None)[0]
            zp = np.clip(sol[:nc], lo, hi)
            if np.max(A_ub @ zp - b_ub) > 1e-12 or np.max(np.abs(A_eq @ zp - b_eq)) > 1e-12:
                continue
            value, cvar = true_objective(d, R, k, zp[:n], c, n, form, l2)
            if value < best[0]:
                best = (value, zp[:n], cvar, zp)
    value, w, cvar, _ = best
    lower = bound_at(w)
    sign = -1.0 if form == "targetCvar" else 1.0
    out = {"status": "optimal", "weights": w.tolist(), "objective": sign * value, "lower": sign * lower, "cvar": cvar}
    if d.get("at") is not None:
        at = np.array(d["at"], dtype=float)
        out["gapAt"] = true_objective(d, R, k, at, c, n, form, l2)[0] - bound_at(at)
    return out


def solve_holdings(d, c, A_ub, b_ub, A_eq, b_eq, bounds, n, form):
    """The same problem with n binaries z appended: w_i - w_min z_i >= 0, sum z >= K."""
    nc = len(c)
    wmin, K = d["minActiveWeight"], d["minHoldings"]
    pad = lambda a: np.concatenate([a, np.zeros(n)])
    A = [pad(a) for a in A_ub]
    ub = list(b_ub)
    for i in range(n):
        a = np.zeros(nc + n); a[i] = -1; a[nc + i] = wmin
        A.append(a); ub.append(0.0)
    a = np.zeros(nc + n); a[nc:] = -1
    A.append(a); ub.append(-K)
    Aeq = np.array([pad(a) for a in A_eq])
    big = 1e20
    lo = [(-big if b[0] is None else b[0]) for b in bounds] + [0] * n
    hi = [(big if b[1] is None else b[1]) for b in bounds] + [1] * n
    res = milp(
        pad(np.array(c)),
        constraints=[LinearConstraint(np.array(A), -np.inf, np.array(ub)), LinearConstraint(Aeq, np.array(b_eq), np.array(b_eq))],
        integrality=np.concatenate([np.zeros(nc), np.ones(n)]),
        bounds=(np.array(lo), np.array(hi)),
        options={"mip_rel_gap": 1e-12},
    )
    if res.status != 0:
        return {"status": "infeasible" if res.status == 2 else "failed", "weights": None, "objective": None}
    objective = -res.fun if form == "targetCvar" else res.fun
    return {"status": "optimal", "weights": res.x[:n].tolist(), "objective": float(objective)}


if __name__ == "__main__":
    problems = json.load(sys.stdin)
    json.dump([solve(p) for p in problems], sys.stdout)
