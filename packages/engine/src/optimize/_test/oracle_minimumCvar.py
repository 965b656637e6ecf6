"""Oracle for minimumCvar and meanCvar on any assets (docs/maths.md#minimum-cvar).

Independent of the engine: each problem is the Rockafellar-Uryasev LP written out here as dense
matrices and solved with scipy.optimize.linprog (HiGHS); CVaR is recomputed from its sorted-loss
definition at the LP's weights. Cases per data set:
  - minimum CVaR (maxWeight 1, and maxWeight 0.3);
  - minimum CVaR with a floor on the expected return (targetReturn, given annual, divided by P);
  - maximum expected return with CVaR <= a target (targetCvar, per period);
  - the trade-off min m*rho_R + rho_C, each term's distance from its best over its payoff-table range
    (anchors: the greedy maximum-return fill and the minimum-CVaR portfolio).
Output: oracle_minimumCvar.json, read by src/optimize/minimumCvar.test.ts.

Regenerate (Python 3 with numpy and scipy), from this folder:
    python3 oracle_minimumCvar.py
"""
import json
import math
import os

import numpy as np
from scipy.optimize import linprog

HERE = os.path.dirname(os.path.abspath(__file__))
TOL = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}


def tail_size(beta, T):
    k = (1 - beta) * T
    return round(k) if abs(k - round(k)) <= 1e-9 * k else k


def cvar(R, w, beta):
    """Historical CVaR: mean of the k largest losses, the fractional part weighting the next one."""
    losses = np.sort(-(R @ w))[::-1]
    k = tail_size(beta, len(losses))
    whole = int(math.floor(k))
    total = losses[:whole].sum()
    if whole < len(losses):
        total += (k - whole) * losses[whole]
    return total / k


def ru_lp(R, beta, max_weight, gain=None, cvar_weight=1.0, floor=None, limit=None):
    """max gain'w - cvar_weight*(alpha + 1/k sum u)  s.t. sum w = 1, 0 <= w <= max_weight,
    u_t >= -r_t'w - alpha, u >= 0, [mean'w >= floor], [alpha + 1/k sum u <= limit]. Returns w."""
    T, n = R.shape
    k = tail_size(beta, T)
    gain = np.zeros(n) if gain is None else gain
    # Variables: w (n), alpha (1), u (T). linprog minimises.
    c = np.concatenate([-gain, [cvar_weight], np.full(T, cvar_weight / k)])
    A_ub = np.hstack([-R, -np.ones((T, 1)), -np.eye(T)])  # -r_t'w - alpha - u_t <= 0
    b_ub = np.zeros(T)
    if floor is not None:
        mean_row = np.concatenate([-floor[0], [0.0], np.zeros(T)])
        A_ub = np.vstack([A_ub, mean_row])
        b_ub = np.append(b_ub, -floor[1])
    if limit is not None:
        A_ub = np.vstack([A_ub, np.concatenate([np.zeros(n), [1.0], np.full(T, 1.0 / k)])])
        b_ub = np.append(b_ub, limit)
    A_eq = np.concatenate([np.ones(n), [0.0], np.zeros(T)])[None, :]
    bounds = [(0, max_weight)] * n + [(None, None)] + [(0, None)] * T
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=[1.0], bounds=bounds, method="highs", options=TOL)
    assert res.status == 0, res.message
    return res.x[:n]


def greedy(score, max_weight):
    w = np.zeros(len(score))
    left = 1.0
    for i in sorted(range(len(score)), key=lambda i: (-score[i], i)):
        if left <= 0:
            break
        w[i] = min(max_weight, left)
        left -= w[i]
    return w


def data_set(seed, T, n):
    rng = np.random.default_rng(seed)
    market = 0.011 * rng.standard_normal(T) * np.where(rng.random(T) < 0.05, 2.5, 1.0)
    beta = 0.6 + 0.8 * rng.random(n)
    mu = 0.0004 + 0.0003 * rng.standard_normal(n)
    sigma = 0.01 + 0.015 * rng.random(n)
    return mu + market[:, None] * beta + sigma * rng.standard_normal((T, n))


cases = []
for seed, T, n, P in [(1, 150, 6, 252), (2, 120, 5, 52), (3, 200, 7, 252)]:
    R = data_set(seed, T, n)
    mean = R.mean(axis=0)
    beta = 0.95
    entry = {"seed": seed, "periods": T, "assets": n, "periodsPerYear": P, "returns": R.flatten().tolist(), "cases": []}

    for max_weight in (1.0, 0.3):
        w = ru_lp(R, beta, max_weight)
        entry["cases"].append({"form": "minimum", "maxWeight": max_weight, "weights": w.tolist(), "cvar": cvar(R, w, beta)})

    w_min = ru_lp(R, beta, 0.5)
    best_return = greedy(mean, 0.5) @ mean
    target = w_min @ mean + 0.6 * (best_return - w_min @ mean)  # per period, between the two
    w = ru_lp(R, beta, 0.5, floor=(mean, target))
    entry["cases"].append({"form": "targetReturn", "maxWeight": 0.5, "targetReturn": target * P, "weights": w.tolist(), "cvar": cvar(R, w, beta)})

    least = cvar(R, w_min, beta)
    limit = least * 1.25
    w = ru_lp(R, beta, 0.5, gain=mean, cvar_weight=0.0, limit=limit)
    entry["cases"].append({"form": "targetCvar", "maxWeight": 0.5, "targetCvar": limit, "weights": w.tolist(), "cvar": cvar(R, w, beta), "expectedReturn": float(w @ mean)})

    for m in (1.0, 0.3):
        anchors = [greedy(mean, 0.5), w_min]
        values = [(a @ mean, cvar(R, a, beta)) for a in anchors]
        best_r, worst_r = max(v[0] for v in values), min(v[0] for v in values)
        best_c, worst_c = min(v[1] for v in values), max(v[1] for v in values)
        s_r, s_c = best_r - worst_r, worst_c - best_c
        w = ru_lp(R, beta, 0.5, gain=m * mean / s_r, cvar_weight=1.0 / s_c)
        J = m * (best_r - w @ mean) / s_r + (cvar(R, w, beta) - best_c) / s_c
        entry["cases"].append({"form": "tradeOff", "maxWeight": 0.5, "returnMultiplier": m, "weights": w.tolist(), "cvar": cvar(R, w, beta), "objective": -J})
    cases.append(entry)

with open(os.path.join(HERE, "oracle_minimumCvar.json"), "w") as f:
    json.dump({"note": "scipy (HiGHS) oracle of minimumCvar / meanCvar on any assets (oracle_minimumCvar.py)", "dataSets": cases}, f, indent=1)
print("wrote", sum(len(c["cases"]) for c in cases), "cases")
