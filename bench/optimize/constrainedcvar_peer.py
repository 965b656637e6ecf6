"""scipy peer of bench/optimize/constrainedCvarVsScipy.ts: minimum CVaR at beta as the
Rockafellar-Uryasev LP (Rockafellar & Uryasev 2000), written from the formulas of
docs/maths.md#minimum-cvar and docs/maths.md#portfolio-constraints, built with scipy.sparse and
solved by scipy.optimize.linprog(method="highs") with tolerances 1e-10.

Columns [w (n), alpha, z (T), u (n), v (n)], k = (1 - beta) T:

  minimise  alpha + (1/k) sum_t z_t + (c/P) sum_i (u_i + v_i)
  s.t.      -R_t w - alpha - z_t <= 0                  (T rows)
            sum_{i in g} w_i <= cap                    (one row per group)
            1/2 sum_i (u_i + v_i) <= maxTurnover
            w - u + v = w0                             (n rows: the trades)
            sum w = 1
            0 <= w <= maxWeight, z, u, v >= 0, alpha free.

Case "plain" drops u, v and the group, turnover and trade rows. P = 252 (daily data): the costs
are charged per period, as the engine charges them.

A long-lived process: reads one case name a line on stdin ("plain", "constrained", "costs"),
builds and solves it, and prints one JSON line {"ms", "cpuMs", "objective", "cvar"} (elapsed and
CPU ms of building and solving; the optimal objective and the CVaR part of it).

Usage: python3 constrainedcvar_peer.py <returns.f64> <w0.f64> <sector.i32> <periods> <assets>
       <beta> <maxWeight> <groupCap> <maxTurnover> <cost>
"""
import json
import sys
import time

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import csr_matrix, hstack, identity, vstack

OPTIONS = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}
PERIODS_PER_YEAR = 252


def tail_size(beta, T):
    k = (1 - beta) * T
    return round(k) if abs(k - round(k)) <= 1e-9 * k else k


def solve(case, R, w0, sector, beta, max_weight, cap, max_turnover, cost):
    T, n = R.shape
    k = tail_size(beta, T)
    scen = hstack([csr_matrix(-R), csr_matrix(-np.ones((T, 1))), -identity(T, format="csr")], format="csr")
    if case == "plain":
        c = np.concatenate([np.zeros(n), [1.0], np.full(T, 1.0 / k)])
        A_eq = csr_matrix(np.concatenate([np.ones(n), np.zeros(1 + T)]).reshape(1, -1))
        bounds = [(0, max_weight)] * n + [(None, None)] + [(0, None)] * T
        res = linprog(c, A_ub=scen, b_ub=np.zeros(T), A_eq=A_eq, b_eq=[1.0], bounds=bounds, method="highs", options=OPTIONS)
    else:
        trade_cost = (cost if case == "costs" else 0.0) / PERIODS_PER_YEAR
        c = np.concatenate([np.zeros(n), [1.0], np.full(T, 1.0 / k), np.full(2 * n, trade_cost)])
        groups = np.unique(sector)
        G = csr_matrix((np.ones(n), (np.searchsorted(groups, sector), np.arange(n))), shape=(len(groups), n))
        A_ub = vstack(
            [
                hstack([scen, csr_matrix((T, 2 * n))]),
                hstack([G, csr_matrix((len(groups), 1 + T + 2 * n))]),
                csr_matrix(np.concatenate([np.zeros(n + 1 + T), np.full(2 * n, 0.5)]).reshape(1, -1)),
            ],
            format="csr",
        )
        b_ub = np.concatenate([np.zeros(T), np.full(len(groups), cap), [max_turnover]])
        I = identity(n, format="csr")
        A_eq = vstack(
            [
                hstack([I, csr_matrix((n, 1 + T)), -I, I]),
                csr_matrix(np.concatenate([np.ones(n), np.zeros(1 + T + 2 * n)]).reshape(1, -1)),
            ],
            format="csr",
        )
        b_eq = np.concatenate([w0, [1.0]])
        bounds = [(0, max_weight)] * n + [(None, None)] + [(0, None)] * (T + 2 * n)
        res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs", options=OPTIONS)
    if res.status != 0:
        raise SystemExit(f"{case}: {res.message}")
    x = res.x
    cvar = x[n] + x[n + 1 : n + 1 + T].sum() / k
    return float(res.fun), float(cvar)


def main():
    a = sys.argv[1:]
    T, n = int(a[3]), int(a[4])
    R = np.fromfile(a[0], dtype=np.float64).reshape(T, n)
    w0 = np.fromfile(a[1], dtype=np.float64)
    sector = np.fromfile(a[2], dtype=np.int32)
    beta, max_weight, cap, max_turnover, cost = map(float, a[5:10])
    for line in sys.stdin:
        case = line.strip()
        if not case:
            continue
        wall, cpu = time.perf_counter(), time.process_time()
        objective, cvar = solve(case, R, w0, sector, beta, max_weight, cap, max_turnover, cost)
        ms = (time.perf_counter() - wall) * 1000
        cpu_ms = (time.process_time() - cpu) * 1000
        print(json.dumps({"ms": ms, "cpuMs": cpu_ms, "objective": objective, "cvar": cvar}), flush=True)


if __name__ == "__main__":
    main()
