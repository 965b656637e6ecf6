"""Oracle values for packages/engine/src/meanVariance (docs/maths.md#mean-variance-optimizers).

Regenerate from the repository root with:
    python3 packages/engine/src/meanVariance/_test/oracle_meanVariance.py
It writes oracle_meanVariance.json beside this file. Needs numpy and scipy.

Two independent oracles:
- "exact" cases (n <= 7): every face (each weight at 0, at its cap, or free) is tried; on each the
  equality-constrained KKT system is solved with numpy and kept when every inequality and
  multiplier sign holds. Strict convexity makes the KKT point unique: the optimum to rounding.
  Maximum Sharpe is found the same way on the Cornuejols-Tutuncu QP in (y, kappa).
- "slsqp" cases (n = 30): scipy.optimize.minimize(method="SLSQP") with ftol 1e-15 from equal weights.
"""
import itertools
import json
import os

import numpy as np
from scipy.optimize import minimize

rng = np.random.default_rng(20261126)


def make_problem(n, T=400):
    market = rng.normal(0.0004, 0.01, size=(T, 1))
    beta = rng.uniform(0.5, 1.5, size=(1, n))
    R = market @ beta + rng.normal(0.0, 0.012, size=(T, n)) + rng.normal(0.0003, 0.0006, size=(1, n))
    return R.mean(axis=0), np.cov(R, rowvar=False)


def faces(n):
    return itertools.product((-1, 0, 1), repeat=n)


def solve_face(S, rows, rhs, state, hi):
    """min 1/2 w'Sw - c'w is not needed: the face system for min 1/2 w'Sw s.t. rows w = rhs, fixed weights."""
    n = len(state)
    F = [i for i in range(n) if state[i] == 0]
    B = [i for i in range(n) if state[i] != 0]
    wB = np.array([0.0 if state[i] == -1 else hi for i in B])
    m, k = len(F), rows.shape[0]
    K = np.zeros((m + k, m + k))
    K[:m, :m] = S[np.ix_(F, F)]
    K[:m, m:] = -rows[:, F].T
    K[m:, :m] = rows[:, F]
    r = np.zeros(m + k)
    r[:m] = -S[np.ix_(F, B)] @ wB if B else 0
    r[m:] = rhs - (rows[:, B] @ wB if B else 0)
    try:
        sol = np.linalg.solve(K, r)
    except np.linalg.LinAlgError:
        return None
    w = np.zeros(n)
    w[F] = sol[:m]
    w[B] = wB
    return w, sol[m:]


def kkt_ok(S, rows, mult, w, state, hi, sign_rows, tol=1e-10):
    g = S @ w - rows.T @ mult
    scale = np.abs(S @ w).max() + 1e-300
    for i, s in enumerate(state):
        if s == 0 and not (-tol <= w[i] <= hi + tol):
            return False
        if s == -1 and g[i] < -tol * scale:
            return False
        if s == 1 and g[i] > tol * scale:
            return False
    for j, sign in enumerate(sign_rows):
        if sign * mult[j] < -tol * scale:
            return False
    return True


def exact_min_variance(S, hi, mu=None, target=None):
    n = S.shape[0]
    rows = np.ones((1, n))
    rhs = np.array([1.0])
    signs = [0]
    if target is not None:
        rows = np.vstack([rows, mu])
        rhs = np.array([1.0, target])
        signs = [0, 1]
    best = None
    for state in faces(n):
        out = solve_face(S, rows, rhs, state, hi)
        if out is None:
            continue
        w, mult = out
        if kkt_ok(S, rows, mult, w, state, hi, signs):
            if best is None or w @ S @ w < best @ S @ best:
                best = w
    return best


def exact_max_sharpe(S, mu, hi, rf):
    # Cornuejols-Tutuncu in (y, kappa): min y'Sy s.t. (mu-rf)'y = 1, 1'y - kappa = 0, 0 <= y <= hi*kappa.
    # On a face with the capped weights y_i = hi*kappa, the variables are (y_F, kappa).
    n = S.shape[0]
    ex = mu - rf
    best = None
    for state in faces(n):
        F = [i for i in range(n) if state[i] == 0]
        U = [i for i in range(n) if state[i] == 1]
        # y = Z z, z = (y_F, kappa)
        Z = np.zeros((n, len(F) + 1))
        for a, i in enumerate(F):
            Z[i, a] = 1
        for i in U:
            Z[i, -1] = hi
        H = Z.T @ S @ Z
        A = np.vstack([ex @ Z, np.ones(n) @ Z - np.eye(len(F) + 1)[-1]])
        b = np.array([1.0, 0.0])
        m = len(F) + 1
        K = np.zeros((m + 2, m + 2))
        K[:m, :m] = 2 * H
        K[:m, m:] = -A.T
        K[m:, :m] = A
        try:
            sol = np.linalg.solve(K, np.concatenate([np.zeros(m), b]))
        except np.linalg.LinAlgError:
            continue
        z, mult = sol[:m], sol[m:]
        kappa = z[-1]
        if kappa <= 0:
            continue
        y = Z @ z
        w = y / kappa
        if w.min() < -1e-10 or w.max() > hi + 1e-10:
            continue
        grad = 2 * S @ y - mult[0] * ex - mult[1] * np.ones(n)
        scale = np.abs(2 * S @ y).max()
        ok = all(not (state[i] == -1 and grad[i] < -1e-10 * scale) and not (state[i] == 1 and grad[i] > 1e-10 * scale) for i in range(n))
        if ok:
            sharpe = (ex @ w) / np.sqrt(w @ S @ w)
            if best is None or sharpe > best[1]:
                best = (w, sharpe)
    return best[0]


def slsqp(objective, n, hi, constraints, jac=None):
    cons = [{"type": "eq", "fun": lambda w: w.sum() - 1, "jac": lambda w: np.ones_like(w)}] + constraints
    res = minimize(objective, np.full(n, 1 / n), jac=jac, method="SLSQP", bounds=[(0, hi)] * n, constraints=cons, options={"ftol": 1e-16, "maxiter": 5000})
    return res.x


out = {"exact": [], "slsqp": []}
for n, hi in [(4, 1.0), (6, 0.35), (7, 0.25)]:
    mu, S = make_problem(n)
    wmin = exact_min_variance(S, hi)
    rf = 0.0001
    wms = exact_max_sharpe(S, mu, hi, rf)
    r_target = float(wmin @ mu + 0.5 * (np.sort(mu)[::-1][: int(np.ceil(1 / hi))].mean() - wmin @ mu))
    wer = exact_min_variance(S, hi, mu, r_target)
    out["exact"].append({
        "n": n, "maxWeight": hi, "mu": mu.tolist(), "covariance": S.ravel().tolist(), "riskFreeRate": rf,
        "minimumVariance": wmin.tolist(), "maximumSharpe": wms.tolist(),
        "targetReturn": r_target, "efficientReturn": wer.tolist(),
    })

for n, hi in [(30, 1.0), (30, 0.1)]:
    mu, S = make_problem(n)
    rf = 0.0001
    # Objectives scaled to order 1 (SLSQP's ftol is absolute), with their gradients.
    sv, sm = np.trace(S) / n, np.abs(mu).max()
    Sn, mun, rfn = S / sv, mu / sm, rf / sm
    wmin = slsqp(lambda w: w @ Sn @ w, n, hi, [], lambda w: 2 * Sn @ w)
    wms = slsqp(lambda w: -(mun @ w - rfn) / np.sqrt(w @ Sn @ w), n, hi, [])
    target_vol = float(np.sqrt(wmin @ S @ wmin) * 1.3)
    tv2 = target_vol**2 / sv
    wer_risk = slsqp(lambda w: -(mun @ w), n, hi, [{"type": "ineq", "fun": lambda w: tv2 - w @ Sn @ w, "jac": lambda w: -2 * Sn @ w}], lambda w: -mun)
    out["slsqp"].append({
        "n": n, "maxWeight": hi, "mu": mu.tolist(), "covariance": S.ravel().tolist(), "riskFreeRate": rf,
        "minimumVarianceObjective": float(wmin @ S @ wmin),
        "maximumSharpeObjective": float((mu @ wms - rf) / np.sqrt(wms @ S @ wms)),
        "targetVolatility": target_vol,
        "efficientRiskObjective": float(mu @ wer_risk),
    })

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_meanVariance.json"), "w") as f:
    json.dump(out, f)
