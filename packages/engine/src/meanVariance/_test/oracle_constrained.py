"""Oracle values for the mean-variance methods under constraint options
(docs/maths.md#mean-variance-under-constraints).

Regenerate from the repository root with:
    python3 packages/engine/src/meanVariance/_test/oracle_constrained.py
It writes oracle_constrained.json beside this file. Needs numpy and scipy.
With --stdin it reads a list of cases (the JSON's fields without "objective" and "weights") on
stdin and writes [{"objective", "weights"}] on stdout (the frontier test asks it for the
efficient-return optimum at each point's own target).

Written from the formulas, with no code of the engine: each problem is stated in the weights w and
the split trades u, v >= 0 (w - w0 = u - v) and long/short parts p, q >= 0 (w = p - q), and solved
with scipy.optimize.minimize(method="SLSQP", ftol 1e-16) from several feasible starts; the best
point is kept only when it meets every rule to 1e-11. Bare matrices (one period a year), so every
figure is per period:

- minimum variance:   min w'Sw + g|w|^2 + sum c|w - w0|
- efficient return:   the same, s.t. mu'w >= target
- maximum Sharpe:     max (mu'w - r - sum c|w - w0|) / sqrt(w'Sw + g|w|^2)
- efficient risk:     max mu'w - g|w|^2 - sum c|w - w0|  s.t. sqrt(w'Sw) <= sigma
- rules: sum w = 1, lo <= w <= hi, group and linear rows, 1/2 sum|w - w0| <= T,
  sqrt((w - b)'S(w - b)) <= TE, sum |w| <= G.
"""
import json
import os
import sys

import numpy as np
from scipy.optimize import minimize

rng = np.random.default_rng(20261128)
N = 6
IDS = [str(i) for i in range(N)]


def make_problem():
    B = rng.normal(0, 0.01, size=(N, 3))
    S = B @ B.T + np.diag(rng.uniform(0.5e-4, 2e-4, size=N))
    mu = rng.uniform(0.0002, 0.0012, size=N)
    return mu, S


def unpack(z, n, trades, ls):
    w = z[:n]
    k = n
    u = v = p = q = None
    if trades:
        u, v = z[k:k + n], z[k + n:k + 2 * n]
        k += 2 * n
    if ls:
        p, q = z[k:k + n], z[k + n:k + 2 * n]
    return w, u, v, p, q


def solve_case(case):
    S = np.array(case["covariance"]).reshape(N, N)
    mu = np.array(case["mu"])
    o = case["options"]
    method = case["method"]
    lo = np.full(N, o.get("minWeight", 0.0))
    hi = np.full(N, o.get("maxWeight", 1.0))
    gamma = o.get("l2Regularization", 0.0)
    w0 = np.array([o.get("previousWeights", {}).get(i, 0.0) for i in IDS])
    tc = o.get("transactionCosts")
    c = np.zeros(N) if tc is None else (np.full(N, tc) if isinstance(tc, float) else np.array([tc.get(i, 0.0) for i in IDS]))
    T = o.get("maxTurnover")
    trades = T is not None or tc is not None
    G = o.get("maxGrossExposure")
    ls = G is not None
    b = None if "benchmarkWeights" not in o else np.array([o["benchmarkWeights"].get(i, 0.0) for i in IDS])
    TE = o.get("maxTrackingError")
    rows = []  # (a, lower, upper)
    for attr, limits in o.get("groupLimits", {}).items():
        for value, (l, u) in limits.items():
            a = np.array([1.0 if o["groups"][attr].get(i) == value else 0.0 for i in IDS])
            rows.append((a, l, u))
    for rule in o.get("linearConstraints", []):
        a = np.array([rule["coefficients"].get(i, 0.0) for i in IDS])
        rows.append((a, rule.get("lower", -np.inf), rule.get("upper", np.inf)))
    r = case.get("riskFreeRate", 0.0)
    m = N + (2 * N if trades else 0) + (2 * N if ls else 0)

    def cost(w):
        return float(c @ np.abs(w - w0))

    def objective_true(w):
        var = w @ S @ w + gamma * w @ w
        if method == "minimumVariance" or method == "efficientReturn":
            return var + cost(w)
        if method == "maximumSharpe":
            return (mu @ w - r - cost(w)) / np.sqrt(var)
        if method == "maximumReturn":
            return mu @ w
        return mu @ w - gamma * w @ w - cost(w)

    def f(z):
        w, u, v, p, q = unpack(z, N, trades, ls)
        tcost = float(c @ (u + v)) if trades else 0.0
        var = w @ S @ w + gamma * w @ w
        if method in ("minimumVariance", "efficientReturn"):
            return (var + tcost) * 1e4
        if method == "maximumSharpe":
            return -(mu @ w - r - tcost) / np.sqrt(var)
        if method == "maximumReturn":
            return -(mu @ w) * 1e3
        return -(mu @ w - gamma * w @ w - tcost) * 1e3

    cons = [{"type": "eq", "fun": lambda z: np.sum(z[:N]) - 1}]
    for a, l, u in rows:
        if l == u:
            cons.append({"type": "eq", "fun": lambda z, a=a, l=l: a @ z[:N] - l})
        else:
            if np.isfinite(l):
                cons.append({"type": "ineq", "fun": lambda z, a=a, l=l: a @ z[:N] - l})
            if np.isfinite(u):
                cons.append({"type": "ineq", "fun": lambda z, a=a, u=u: u - a @ z[:N]})
    if trades:
        cons.append({"type": "eq", "fun": lambda z: unpack(z, N, trades, ls)[0] - w0 - unpack(z, N, trades, ls)[1] + unpack(z, N, trades, ls)[2]})
        if T is not None:
            cons.append({"type": "ineq", "fun": lambda z: T - 0.5 * np.sum(unpack(z, N, trades, ls)[1] + unpack(z, N, trades, ls)[2])})
    if ls:
        cons.append({"type": "eq", "fun": lambda z: unpack(z, N, trades, ls)[0] - unpack(z, N, trades, ls)[3] + unpack(z, N, trades, ls)[4]})
        cons.append({"type": "ineq", "fun": lambda z: G - np.sum(unpack(z, N, trades, ls)[3] + unpack(z, N, trades, ls)[4])})
    if TE is not None:
        cons.append({"type": "ineq", "fun": lambda z: (TE * TE - (z[:N] - b) @ S @ (z[:N] - b)) * 1e4})
    if method == "efficientReturn":
        cons.append({"type": "ineq", "fun": lambda z: (mu @ z[:N] - case["target"]) * 1e6})
    if method == "efficientRisk":
        cons.append({"type": "ineq", "fun": lambda z: (case["target"] ** 2 - z[:N] @ S @ z[:N]) * 1e4})
    bounds = [(lo[i], hi[i]) for i in range(N)] + [(0, None)] * (m - N)

    def feasible(w):
        tol = 1e-13
        ok = abs(w.sum() - 1) <= tol and np.all(w >= lo - tol) and np.all(w <= hi + tol)
        for a, l, u in rows:
            ok = ok and l - tol <= a @ w <= u + tol
        if T is not None:
            ok = ok and 0.5 * np.abs(w - w0).sum() <= T + tol
        if G is not None:
            ok = ok and np.abs(w).sum() <= G + tol
        if TE is not None:
            ok = ok and np.sqrt((w - b) @ S @ (w - b)) <= TE * (1 + tol)
        if method == "efficientReturn":
            ok = ok and mu @ w >= case["target"] - tol
        if method == "efficientRisk":
            ok = ok and np.sqrt(w @ S @ w) <= case["target"] * (1 + tol)
        return bool(ok)

    best = None
    starts = [np.full(N, 1.0 / N), w0 if w0.sum() > 0 else np.full(N, 1.0 / N)] + [rng.dirichlet(np.ones(N)) for _ in range(4)]
    if b is not None:
        starts.append(b)
    for w_start in starts:
        z0 = np.zeros(m)
        z0[:N] = w_start
        if trades:
            z0[N:2 * N] = np.maximum(w_start - w0, 0)
            z0[2 * N:3 * N] = np.maximum(w0 - w_start, 0)
        if ls:
            k = N + (2 * N if trades else 0)
            z0[k:k + N] = np.maximum(w_start, 0)
            z0[k + N:k + 2 * N] = np.maximum(-w_start, 0)
        res = minimize(f, z0, method="SLSQP", bounds=bounds, constraints=cons, options={"ftol": 1e-16, "maxiter": 2000})
        w = res.x[:N]
        # Clip the tiny bound violations SLSQP leaves, then re-check every rule.
        w = np.clip(w, lo, hi)
        if not feasible(w):
            continue
        value = objective_true(w)
        better = best is None or (value > best[0] if method in ("maximumSharpe", "efficientRisk", "maximumReturn") else value < best[0])
        if better:
            best = (value, w)
    assert best is not None, case["name"]
    return best


def problem_cases():
    cases = []
    kinds = {
        "groups": lambda w0: {"groups": {"sector": {"0": "Tech", "1": "Tech", "2": "Tech", "3": "Energy", "4": "Energy"}}, "groupLimits": {"sector": {"Tech": [0.1, 0.3], "Energy": [0.25, 0.6]}}},
        "linear": lambda w0: {"linearConstraints": [{"coefficients": {"0": 1, "5": -1}, "upper": -0.05}, {"coefficients": {"1": 1, "2": 1}, "lower": 0.3, "upper": 0.3, "name": "pair"}]},
        "turnover": lambda w0: {"previousWeights": dict(zip(IDS, w0.tolist())), "maxTurnover": 0.1},
        "costs": lambda w0: {"previousWeights": dict(zip(IDS, w0.tolist())), "transactionCosts": 0.0004},
        "trackingError": lambda w0: {"benchmarkWeights": {i: 1 / N for i in IDS}, "maxTrackingError": 0.0015},
        "l2": lambda w0: {"l2Regularization": 0.0005},
        "longShort": lambda w0: {"minWeight": -0.3, "maxGrossExposure": 1.5},
        "mixed": lambda w0: {
            "groups": {"sector": {"0": "Tech", "1": "Tech", "2": "Tech"}}, "groupLimits": {"sector": {"Tech": [0, 0.35]}},
            "previousWeights": dict(zip(IDS, w0.tolist())), "maxTurnover": 0.25, "transactionCosts": {"0": 0.0003, "3": 0.0006}, "l2Regularization": 0.0002,
        },
    }
    for method in ("minimumVariance", "maximumSharpe", "efficientReturn", "efficientRisk"):
        for kind, build in kinds.items():
            if method == "maximumSharpe" and kind == "trackingError":
                continue
            mu, S = make_problem()
            w0 = rng.dirichlet(np.ones(N))
            options = build(w0)
            options["maxWeight"] = 0.6
            case = {"name": f"{method} {kind}", "method": method, "kind": kind, "mu": mu.tolist(), "covariance": S.flatten().tolist(), "options": options}
            if method == "maximumSharpe":
                case["riskFreeRate"] = 0.0001
            if method in ("efficientReturn", "efficientRisk"):
                # A target inside the range the rules allow: halfway between the minimum-variance
                # portfolio and the largest-return portfolio (each solved here under the same rules).
                low = solve_case({**case, "method": "minimumVariance", "options": {k: v for k, v in options.items() if k not in ("transactionCosts", "l2Regularization")}})[1]
                high = solve_case({**case, "method": "maximumReturn"})[1]
                if method == "efficientReturn":
                    case["target"] = float(0.5 * (mu @ low + mu @ high))
                else:
                    case["target"] = float(0.5 * (np.sqrt(low @ S @ low) + np.sqrt(high @ S @ high)))
            cases.append(case)
    cases.extend(sharpe_tracking_cases())
    return cases


def sharpe_tracking_cases():
    """maximumSharpe with a tracking-error limit that binds: the limit is half the tracking error of
    the maximum-Sharpe portfolio without it (under the same other rules), so the cone is active."""
    draw = np.random.default_rng(20261129)
    out = []
    for kind in ("trackingError", "trackingError groups"):
        B = draw.normal(0, 0.01, size=(N, 3))
        S = B @ B.T + np.diag(draw.uniform(0.5e-4, 2e-4, size=N))
        mu = draw.uniform(0.0002, 0.0012, size=N)
        bench = draw.dirichlet(np.ones(N))
        options = {"maxWeight": 0.6}
        if kind.endswith("groups"):
            options["groups"] = {"sector": {"0": "Tech", "1": "Tech", "2": "Tech", "3": "Energy", "4": "Energy"}}
            options["groupLimits"] = {"sector": {"Tech": [0.1, 0.4], "Energy": [0.2, 0.6]}}
        case = {"name": f"maximumSharpe {kind}", "method": "maximumSharpe", "kind": kind, "mu": mu.tolist(),
                "covariance": S.flatten().tolist(), "options": options, "riskFreeRate": 0.0001}
        free = solve_case(case)[1]
        te = float(np.sqrt((free - bench) @ S @ (free - bench)))
        options["benchmarkWeights"] = dict(zip(IDS, bench.tolist()))
        options["maxTrackingError"] = round(0.5 * te, 6)
        out.append(case)
    return out


def main():
    out = []
    for case in problem_cases():
        value, w = solve_case(case)
        case["objective"] = float(value)
        case["weights"] = w.tolist()
        out.append(case)
        print(f"{case['name']:32s} {value:.15g}")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_constrained.json")
    with open(path, "w") as fh:
        json.dump(out, fh, indent=1)


def from_stdin():
    out = []
    for case in json.load(sys.stdin):
        value, w = solve_case(case)
        out.append({"objective": float(value), "weights": w.tolist()})
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    if "--stdin" in sys.argv:
        from_stdin()
    else:
        main()
