"""numpy/scipy peer of bench/walkForward/walkForwardVsNumpy.ts: the same walk-forward written as a
Python user would write it, one loop over the periods.

At the last business day of each calendar month (from the dates, UTC; and at the end of the first
window) the trailing window of W daily returns is centred, its Ledoit-Wolf covariance toward
constant correlation is computed with numpy from the formulas (Ledoit & Wolf 2004, "Honey, I
shrunk the sample covariance matrix"; docs/maths.md#ledoit-wolf-shrinkage), and the long-only,
fully invested minimum-variance weights are solved by scipy.optimize.minimize with SLSQP
(analytic gradient 2*S*w, the objective scaled by trace(S)/n so that ftol is relative, bounds
[0, 1], sum w = 1). The portfolio trades to them paying c per unit of value traded (the value
after trading solves V' = V - c * sum|w V' - v|, iterated from V), and the holdings drift with
the returns until the next rebalance. The NAV is marked at each period's end, 10000 before the
first trade.

Usage: walkforward_peer.py <dir> <rounds> <ftol>, where <dir> holds returns.f64 (T x N, row-major),
dates.f64 (T Unix seconds) and case.json ({"assets", "periods", "window", "costBps"}).
Prints one JSON line: {"ms": [per round], "splits": [per round {"ledoitWolfMs", "qpMs"}], "nav": [...], "rebalances": k, "shrinkage": [...], "iterations": total SLSQP iterations}.
"""
import json
import os
import sys
import time

import numpy as np
from scipy.optimize import minimize

directory, rounds, ftol = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
case = json.load(open(os.path.join(directory, "case.json")))
N, T, W, c = case["assets"], case["periods"], case["window"], case["costBps"] / 10000
R = np.fromfile(os.path.join(directory, "returns.f64"), dtype=np.float64).reshape(T, N)
dates = np.fromfile(os.path.join(directory, "dates.f64"), dtype=np.float64)
months = dates.astype("int64").astype("datetime64[s]").astype("datetime64[M]").astype(np.int64)


def ledoit_wolf(window):
    """Ledoit-Wolf shrinkage toward constant correlation: (covariance, delta)."""
    t = window.shape[0]
    X = window - window.mean(axis=0)
    S = X.T @ X / t
    var = np.diag(S).copy()
    sd = np.sqrt(var)
    n = S.shape[0]
    corr = S / np.outer(sd, sd)
    rbar = (corr.sum() - n) / (n * (n - 1))
    F = rbar * np.outer(sd, sd)
    np.fill_diagonal(F, var)
    X2 = X * X
    pi_mat = X2.T @ X2 / t - S * S
    theta = (X2 * X).T @ X / t - var[:, None] * S  # theta[i, j] = 1/T sum x_i^3 x_j - S_ii S_ij
    ratio = np.sqrt(np.outer(1 / var, var))  # ratio[i, j] = sqrt(S_jj / S_ii)
    off = ratio * theta
    np.fill_diagonal(off, 0.0)
    rho = np.trace(pi_mat) + rbar * off.sum()
    gamma = ((F - S) ** 2).sum()
    delta = 0.0 if gamma == 0 else min(1.0, max(0.0, (pi_mat.sum() - rho) / gamma / t))
    return delta * F + (1 - delta) * S, delta


def min_variance(S):
    n = S.shape[0]
    Sn = S / (np.trace(S) / n)
    res = minimize(lambda w: w @ Sn @ w, np.full(n, 1 / n), jac=lambda w: 2 * Sn @ w, method="SLSQP",
                   bounds=[(0, 1)] * n, constraints=[{"type": "eq", "fun": lambda w: w.sum() - 1, "jac": lambda w: np.ones(n)}],
                   options={"ftol": ftol, "maxiter": 1000})
    return res.x, res.nit


def post_trade_value(total, held, w):
    if c == 0:
        return total
    after = total
    for _ in range(400):
        nxt = total - c * np.abs(w * after - held).sum()
        if nxt == after or abs(nxt - after) <= 1e-15 * total:
            return nxt
        after = nxt
    raise RuntimeError("no value left after trading")


def walk_forward():
    held = np.zeros(N)
    cash = 1.0
    value = 1.0
    nav = [10000.0]
    shrinkage = []
    iterations = 0
    split = {"ledoitWolfMs": 0.0, "qpMs": 0.0}
    for t in range(W - 1, T - 1):
        if t == W - 1 or months[t] != months[t + 1]:
            t0 = time.perf_counter()
            S, delta = ledoit_wolf(R[t - W + 1:t + 1])
            t1 = time.perf_counter()
            w, nit = min_variance(S)
            split["ledoitWolfMs"] += (t1 - t0) * 1000
            split["qpMs"] += (time.perf_counter() - t1) * 1000
            shrinkage.append(delta)
            iterations += nit
            after = post_trade_value(value, held, w)
            held = w * after
            cash = after - held.sum()
            value = after
        held = held * (1 + R[t + 1])
        value = held.sum() + cash
        nav.append(10000.0 * value)
    return nav, shrinkage, iterations, split


times = []
splits = []
for _ in range(rounds):
    t0 = time.perf_counter()
    nav, shrinkage, iterations, split = walk_forward()
    times.append((time.perf_counter() - t0) * 1000)
    splits.append(split)
print(json.dumps({"ms": times, "splits": splits, "nav": nav, "rebalances": len(shrinkage), "shrinkage": shrinkage, "iterations": iterations}), flush=True)
