"""
Oracle values for discreteAllocation: the optimal L1 tracking error of whole-share allocations.

Regenerate (from the repository root):
    python3 packages/engine/src/allocation/_test/oracle_discreteAllocation.py
which rewrites oracle_discreteAllocation.json beside this script. Needs numpy and scipy >= 1.9.

Each case is solved by scipy.optimize.milp (HiGHS inside scipy, a different build and interface
from the engine's) on the same program: minimise sum(u) subject to u_i >= |w_i - p_i x_i / C|,
sum(p_i x_i) <= C, x_i integer in [0, floor(C / p_i)]. The optimum is also checked here against
exhaustive enumeration for the small cases. Share counts of tied optima may differ, so the test
compares the tracking error, not the shares.

The "least-cash" objective (PyPortfolioOpt's lp_portfolio: minimise sum |w_i C - p_i x_i| plus the
cash left, in currency) is solved the same way, and by enumeration for the small cases.
"""
import itertools
import json
import os

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

rng = np.random.default_rng(20261128)


def solve(w, p, C):
    n = len(w)
    a = p / C
    c = np.concatenate([np.zeros(n), np.ones(n)])
    I = np.eye(n)
    A = np.vstack([
        np.hstack([np.diag(a), I]),   # u + a x >= w
        np.hstack([-np.diag(a), I]),  # u - a x >= -w
        np.concatenate([a, np.zeros(n)])[None, :],  # a x <= 1
    ])
    lb = np.concatenate([w, -w, [-np.inf]])
    ub = np.concatenate([np.full(2 * n, np.inf), [1]])
    res = milp(c, constraints=LinearConstraint(A, lb, ub),
               integrality=np.concatenate([np.ones(n), np.zeros(n)]),
               bounds=Bounds(np.zeros(2 * n), np.concatenate([np.floor(C / p), np.full(n, np.inf)])),
               options={"mip_rel_gap": 1e-12})
    assert res.status == 0, res.message
    x = np.round(res.x[:n])
    return x, float(np.sum(np.abs(w - x * p / C)))


def solve_least_cash(w, p, C):
    """PyPortfolioOpt's lp_portfolio program, in currency: minimise sum(u) + r subject to
    u_i >= |w_i C - p_i x_i|, r = C - sum(p_i x_i) >= 0, x_i integer in [0, floor(C / p_i)]."""
    n = len(w)
    c = np.concatenate([-p, np.ones(n)])  # sum(u) + C - p.x, the constant C added back below
    I = np.eye(n)
    A = np.vstack([
        np.hstack([np.diag(p), I]),   # u + p x >= w C
        np.hstack([-np.diag(p), I]),  # u - p x >= -w C
        np.concatenate([p, np.zeros(n)])[None, :],  # p x <= C
    ])
    lb = np.concatenate([w * C, -w * C, [-np.inf]])
    ub = np.concatenate([np.full(2 * n, np.inf), [C]])
    res = milp(c, constraints=LinearConstraint(A, lb, ub),
               integrality=np.concatenate([np.ones(n), np.zeros(n)]),
               bounds=Bounds(np.zeros(2 * n), np.concatenate([np.floor(C / p), np.full(n, np.inf)])),
               options={"mip_rel_gap": 1e-12})
    assert res.status == 0, res.message
    x = np.round(res.x[:n])
    return x, least_cash_objective(w, p, C, x)


def least_cash_objective(w, p, C, x):
    return float(np.sum(np.abs(w * C - x * p)) + (C - x @ p))


def brute_least_cash(w, p, C):
    best = None
    for x in itertools.product(*[range(int(C // pi) + 1) for pi in p]):
        x = np.array(x)
        if x @ p <= C:
            v = least_cash_objective(w, p, C, x)
            best = v if best is None else min(best, v)
    return best


def brute(w, p, C):
    best = None
    for x in itertools.product(*[range(int(C // pi) + 1) for pi in p]):
        x = np.array(x)
        if x @ p <= C:
            te = float(np.sum(np.abs(w - x * p / C)))
            best = te if best is None else min(best, te)
    return best


cases = []
for n, cash, small in [(2, 100.0, True), (3, 250.0, True), (3, 1000.0, True), (5, 10_000.0, False), (8, 25_000.0, False), (12, 100_000.0, False), (20, 1_000_000.0, False)]:
    raw = rng.uniform(0.1, 1, size=n)
    w = raw / raw.sum()
    p = np.round(rng.uniform(5, 500 if not small else 120, size=n), 2)
    x, te = solve(w, p, cash)
    if small:
        bf = brute(w, p, cash)
        assert abs(bf - te) < 1e-12, (bf, te)
    naive = np.floor(w * cash / p)
    xl, lc = solve_least_cash(w, p, cash)
    if small:
        bl = brute_least_cash(w, p, cash)
        assert abs(bl - lc) < 1e-9 * cash, (bl, lc)
    cases.append({
        "name": f"n{n}_cash{int(cash)}",
        "weights": w.tolist(), "prices": p.tolist(), "cash": cash,
        "trackingError": te, "shares": x.tolist(),
        "roundDownTrackingError": float(np.sum(np.abs(w - naive * p / cash))),
        "leastCash": {"objective": lc, "leftover": float(cash - xl @ p), "shares": xl.tolist()},
    })

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_discreteAllocation.json")
with open(out, "w") as f:
    json.dump({"generator": "oracle_discreteAllocation.py", "cases": cases}, f, indent=1)
print(f"wrote {out}: {len(cases)} cases")
