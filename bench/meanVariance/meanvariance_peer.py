"""scipy peer of bench/meanVariance/meanVarianceVsScipy.ts: minimum variance and maximum Sharpe by
SLSQP (scipy.optimize.minimize), on the covariance and expected returns the engine wrote.

Protocol (one command a line on stdin, one JSON line on stdout):
    solve <case> <method> <runs>   -> {"ms": median ms per solve, "cpuMs": ..., "objective": ..., "iterations": ...}
<method> is "min-variance" (minimise w'Sw, sum w = 1, 0 <= w <= 1) or "max-sharpe" (the
Cornuejols-Tutuncu QP: minimise y'Sy, mu'y = 1, y >= 0, then w = y / sum y; r_f = 0). Both with
analytic gradients, objectives scaled to order 1 (SLSQP's ftol is absolute), ftol 1e-16.
The objective reported is w'Sw for min-variance and the Sharpe ratio mu'w / sqrt(w'Sw) for max-sharpe,
both in the engine's (unscaled) units.
"""
import json
import os
import sys
import time

import numpy as np
from scipy.optimize import minimize

directory = sys.argv[1]


def load(name):
    meta = json.load(open(os.path.join(directory, f"{name}.json")))
    n = meta["assets"]
    S = np.fromfile(os.path.join(directory, f"{name}.sigma.f64"), dtype=np.float64).reshape(n, n)
    mu = np.fromfile(os.path.join(directory, f"{name}.mu.f64"), dtype=np.float64)
    return S, mu


cases = {name: load(name) for name in sys.argv[2:]}


def min_variance(S):
    n = S.shape[0]
    scale = np.trace(S) / n
    Sn = S / scale
    res = minimize(lambda w: w @ Sn @ w, np.full(n, 1 / n), jac=lambda w: 2 * Sn @ w, method="SLSQP",
                   bounds=[(0, 1)] * n, constraints=[{"type": "eq", "fun": lambda w: w.sum() - 1, "jac": lambda w: np.ones(n)}],
                   options={"ftol": 1e-16, "maxiter": 2000})
    w = res.x
    return w, float(w @ S @ w), res.nit


def max_sharpe(S, mu):
    n = S.shape[0]
    scale = np.trace(S) / n
    Sn, mun = S / scale, mu / np.abs(mu).max()
    y0 = np.full(n, 1 / n) / max(mun.mean(), 1e-12)
    res = minimize(lambda y: y @ Sn @ y, y0, jac=lambda y: 2 * Sn @ y, method="SLSQP",
                   bounds=[(0, None)] * n, constraints=[{"type": "eq", "fun": lambda y: mun @ y - 1, "jac": lambda y: mun}],
                   options={"ftol": 1e-16, "maxiter": 2000})
    w = res.x / res.x.sum()
    return w, float((mu @ w) / np.sqrt(w @ S @ w)), res.nit


for line in sys.stdin:
    parts = line.split()
    if not parts:
        continue
    try:
        _, name, method, runs = parts
        S, mu = cases[name]
        times, cpus = [], []
        for _ in range(int(runs)):
            t0, c0 = time.perf_counter(), time.process_time()
            w, objective, nit = min_variance(S) if method == "min-variance" else max_sharpe(S, mu)
            times.append((time.perf_counter() - t0) * 1000)
            cpus.append((time.process_time() - c0) * 1000)
        print(json.dumps({"ms": float(np.median(times)), "cpuMs": float(np.median(cpus)), "objective": objective, "iterations": int(nit)}), flush=True)
    except Exception as e:  # noqa: BLE001 - reported to the caller
        print(json.dumps({"error": f"{type(e).__name__}: {e}"}), flush=True)
