"""Oracle for the scale-aware mean-CVaR objective (docs/maths.md#scale-aware-objective).

Independent of the engine: every single-term optimum (the payoff table's anchors) and the final
normalised problem are LPs written here and solved with scipy.optimize.linprog; CVaR is computed
from its sorted-loss definition. Input: quickstartProblem.json (the README quick start's data).
Output: oracle_normalised_lp.json, read by src/optimize/meanCvarBlend.test.ts.

Regenerate (Python 3 with numpy and scipy), from this folder:
    python3 oracle_normalised_lp.py
"""
import json
import math
import os

import numpy as np
from scipy.optimize import linprog

HERE = os.path.dirname(os.path.abspath(__file__))
problem = json.load(open(os.path.join(HERE, "quickstartProblem.json")))
ids = problem["assetIds"]
T = problem["periods"]
n = len(ids)
R = np.array(problem["returns"], dtype=float).reshape(T, n)
by_id = {c["id"]: c for c in problem["companies"]}
ell = np.array([by_id[i]["linguisticBeta"] for i in ids])
buzz = np.array([max(0.0, by_id[i]["marketBuzz"]) for i in ids])
b = buzz / buzz.sum()
mu = R.mean(axis=0)
w_max = problem["options"]["maxWeight"]
beta = 0.95
# Defaults of the engine (docs/maths.md#mean-cvar-optimizer): m, lambda_l, 1 (tail risk), lambda_b.
lam = [1.0, 0.5, 1.0, 0.25]
k = (1 - beta) * T
if abs(k - round(k)) <= 1e-9 * k:
    k = round(k)


def cvar(w):
    """Historical CVaR: mean of the k largest losses, the fractional part weighting the next one."""
    losses = np.sort(-(R @ w))[::-1]
    whole = int(math.floor(k))
    total = losses[:whole].sum() + (k - whole) * (losses[whole] if whole < T else 0.0)
    return total / k


def terms(w):
    return np.array([mu @ w, ell @ w, cvar(w), np.abs(w - b).sum()])


def solve(c_w, c_cvar, c_l1):
    """min c_w.w + c_cvar*(alpha + sum(u)/k) + c_l1*sum(p + q)  over w in P, with the RU and L1 split rows.

    Variables: w (n), alpha (1), u (T), p (n), q (n); w - p + q = b.
    """
    nv = n + 1 + T + 2 * n
    c = np.zeros(nv)
    c[:n] = c_w
    c[n] = c_cvar
    c[n + 1:n + 1 + T] = c_cvar / k
    c[n + 1 + T:] = c_l1
    # -r_t.w - alpha - u_t <= 0
    A_ub = np.zeros((T, nv))
    A_ub[:, :n] = -R
    A_ub[:, n] = -1
    A_ub[np.arange(T), n + 1 + np.arange(T)] = -1
    A_eq = np.zeros((1 + n, nv))
    A_eq[0, :n] = 1
    A_eq[1:, :n] = np.eye(n)
    A_eq[1:, n + 1 + T:n + 1 + T + n] = -np.eye(n)
    A_eq[1:, n + 1 + T + n:] = np.eye(n)
    b_eq = np.concatenate([[1.0], b])
    bounds = [(0, w_max)] * n + [(None, None)] + [(0, None)] * (T + 2 * n)
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(T), A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs",
                  options={"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10})
    assert res.status == 0, res.message
    return np.clip(res.x[:n], 0, w_max)


zero = np.zeros(n)
anchors = [solve(-mu, 0, 0), solve(-ell, 0, 0), solve(zero, 1, 0), solve(zero, 0, 1)]
table = np.array([terms(w) for w in anchors])
orient = np.array([1, 1, -1, -1])
best = np.array([table[:, j].max() if orient[j] > 0 else table[:, j].min() for j in range(4)])
worst = np.array([table[:, j].min() if orient[j] > 0 else table[:, j].max() for j in range(4)])
scale = np.abs(worst - best)
assert (scale > 0).all(), scale
coef = [lam[j] / scale[j] for j in range(4)]
w = solve(-(coef[0] * mu + coef[1] * ell), coef[2], coef[3])
values = terms(w)
normalized = orient * (best - values) / scale
json.dump({
    "note": "scipy oracle of the normalised mean-CVaR LP on the README quick start (oracle_normalised_lp.py)",
    "assetIds": ids,
    "weights": w.tolist(),
    "best": best.tolist(),
    "worst": worst.tolist(),
    "scale": scale.tolist(),
    "values": values.tolist(),
    "normalized": normalized.tolist(),
    "objective": float(-(np.array(lam) * normalized).sum()),
}, open(os.path.join(HERE, "oracle_normalised_lp.json"), "w"), indent=1)
print(dict(zip(ids, w.round(6))), "objective", -(np.array(lam) * normalized).sum())
