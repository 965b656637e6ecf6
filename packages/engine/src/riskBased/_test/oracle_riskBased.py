"""
Oracle values for riskBudgetWeights / equalRiskContribution and hierarchicalRiskParity.

Regenerate (from the repository root):
    python3 packages/engine/src/riskBased/_test/oracle_riskBased.py
which rewrites oracle_riskBased.json beside this script. Needs numpy and scipy.

Risk budgeting: scipy.optimize.minimize (trust-constr, exact gradient and Hessian) on Spinu's
convex objective 0.5*y'Sy - sum(b*log y), independently of the engine's Newton code, then
w = y/sum(y); the risk contributions are checked here against the budgets.
HRP: scipy.cluster.hierarchy.linkage(method="single") on the condensed correlation distance
sqrt((1-rho)/2); the children of each merge are then put in the engine's canonical order
(smaller merge height first, then smaller size, then smaller minimum variance, then smaller
minimum leaf index: docs/maths.md#hierarchical-risk-parity), the leaves listed left to right
and López de Prado's recursive bisection run on that list.
"""
import json
import os

import numpy as np
from scipy.cluster.hierarchy import linkage
from scipy.optimize import minimize
from scipy.spatial.distance import squareform

rng = np.random.default_rng(20261126)


def random_covariance(n, periods, singular=False):
    factors = rng.normal(size=(periods, 2))
    loadings = rng.normal(size=(2, n)) * 0.01
    vols = rng.uniform(0.005, 0.03, size=n)
    returns = factors @ loadings + rng.normal(size=(periods, n)) * vols
    if singular:
        # Asset 2 = asset 0 - asset 1: a singular covariance whose null vector (1, -1, -1, 0...)
        # is not long-only, so the risk-budgeting portfolio still exists.
        returns[:, 2] = returns[:, 0] - returns[:, 1]
    return np.cov(returns, rowvar=False, ddof=1)


def risk_budget(S, b):
    n = len(b)
    scale = S.diagonal().max()
    S = S / scale
    f = lambda y: 0.5 * y @ S @ y - b @ np.log(y)
    g = lambda y: S @ y - b / y
    h = lambda y: S + np.diag(b / y**2)
    y0 = b / np.sqrt(S.diagonal())
    res = minimize(f, y0, jac=g, hess=h, method="trust-constr",
                   bounds=[(1e-12, None)] * n, options={"gtol": 1e-14, "xtol": 1e-16, "maxiter": 5000})
    y = res.x
    w = y / y.sum()
    rc = w * (S @ w) / (w @ S @ w)
    assert np.max(np.abs(rc - b)) < 1e-8, (rc, b)
    return w, rc


def hrp(S):
    n = S.shape[0]
    var = S.diagonal().copy()
    sd = np.sqrt(var)
    rho = np.clip(S / np.outer(sd, sd), -1, 1)
    d = np.sqrt(np.clip(0.5 * (1 - rho), 0, None))
    np.fill_diagonal(d, 0)
    Z = linkage(squareform(d, checks=False), method="single")
    height = [0.0] * n
    size = [1] * n
    min_key = list(var)
    min_leaf = list(range(n))
    children = {}
    steps = []
    for k, (a, b, dist, cnt) in enumerate(Z):
        a, b = int(a), int(b)
        key_a = (height[a], size[a], min_key[a], min_leaf[a])
        key_b = (height[b], size[b], min_key[b], min_leaf[b])
        left, right = (a, b) if key_a <= key_b else (b, a)
        cid = n + k
        children[cid] = (left, right)
        height.append(dist)
        size.append(size[a] + size[b])
        min_key.append(min(min_key[a], min_key[b]))
        min_leaf.append(min(min_leaf[a], min_leaf[b]))
        steps.append({"distance": float(dist), "size": int(cnt)})

    def leaves(c):
        if c < n:
            return [c]
        l, r = children[c]
        return leaves(l) + leaves(r)

    order = leaves(2 * n - 2) if n > 1 else [0]
    w = np.ones(n)
    lists = [order]
    while lists:
        lst = lists.pop()
        if len(lst) < 2:
            continue
        half = len(lst) // 2
        L, R = lst[:half], lst[half:]

        def cvar(m):
            iv = 1 / var[m]
            iv = iv / iv.sum()
            return float(iv @ S[np.ix_(m, m)] @ iv)

        vl, vr = cvar(L), cvar(R)
        alpha = 1 - vl / (vl + vr)
        w[L] *= alpha
        w[R] *= 1 - alpha
        lists += [L, R]
    # Membership of every merged cluster (order-free), to compare the tree itself.
    clusters = sorted(sorted(leaves(n + k)) for k in range(n - 1))
    return w, order, steps, clusters


cases = []
for n, periods, singular in [(2, 60, False), (3, 60, False), (5, 120, False), (8, 250, False), (12, 250, False), (20, 500, False), (6, 60, True)]:
    S = random_covariance(n, periods, singular)
    b_equal = np.full(n, 1 / n)
    raw = rng.uniform(0.5, 3, size=n)
    b_custom = raw / raw.sum()
    w_erc, rc_erc = risk_budget(S, b_equal)
    w_rb, rc_rb = risk_budget(S, b_custom)
    w_hrp, order, steps, clusters = hrp(S)
    cases.append({
        "name": f"n{n}_T{periods}" + ("_singular" if singular else ""),
        "covariance": S.tolist(),
        "erc": {"weights": w_erc.tolist()},
        "budgeted": {"budgets": raw.tolist(), "weights": w_rb.tolist()},
        "hrp": {"weights": w_hrp.tolist(), "order": order, "distances": [s["distance"] for s in steps], "clusters": clusters},
    })

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_riskBased.json")
with open(out, "w") as f:
    json.dump({"generator": "oracle_riskBased.py", "cases": cases}, f, indent=1)
print(f"wrote {out}: {len(cases)} cases")
