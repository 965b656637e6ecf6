"""Writes numpyTearSheet.json: a tear sheet computed with numpy, the independent oracle of
tearSheet.test.ts. Run from this folder: `python3 numpyTearSheet.py` (numpy only; deterministic).

Two weekly NAV series (261 points, 5 years of Fridays) from seeded random walks, and every
statistic of docs/maths.md#tear-sheet written directly from its formula in numpy.
"""
import json

import numpy as np

P = 52          # periods per year (weekly points)
RF = 0.02       # annual risk-free rate
WINDOW = 26     # rolling window (returns)

rng = np.random.default_rng(15)
n_points = 261
t = 1_577_404_800 + 604_800 * np.arange(n_points)  # Fridays from 2019-12-27, Unix seconds
bench_r = rng.normal(0.0015, 0.022, n_points - 1)
port_r = 0.0005 + 1.2 * bench_r + rng.normal(0, 0.012, n_points - 1)
nav = 10000 * np.concatenate([[1.0], np.cumprod(1 + port_r)])
bench = 10000 * np.concatenate([[1.0], np.cumprod(1 + bench_r)])
# The engine reads the NAVs, so the returns are recomputed from them as it does.
r = nav[1:] / nav[:-1] - 1
b = bench[1:] / bench[:-1] - 1
rf = (1 + RF) ** (1 / P) - 1


def sd(x):
    return float(np.std(x, ddof=1))


def beta(x, y):
    return float(np.cov(x, y, ddof=1)[0, 1] / np.var(y, ddof=1))


def sharpe(x):
    e = x - rf
    return float(e.mean() / np.std(e, ddof=1) * np.sqrt(P))


def annual_geometric(x):
    return float(np.prod(1 + x) ** (P / len(x)) - 1)


e = r - rf
downside = np.sqrt(np.mean(np.minimum(e, 0) ** 2))
years = (t[-1] - t[0]) / (365.25 * 86400)
running_peak = np.maximum.accumulate(nav)
mdd = float((nav / running_peak - 1).min())
a = r - b
up, down = b > 0, b < 0


def drawdowns(v):
    out, peak, trough = [], 0, -1
    for i in range(1, len(v)):
        if v[i] >= v[peak]:
            if trough >= 0:
                out.append((v[trough] / v[peak] - 1, peak, trough, i, i - peak))
            trough, peak = -1, i
        elif trough < 0 or v[i] < v[trough]:
            trough = i
    if trough >= 0:
        out.append((v[trough] / v[peak] - 1, peak, trough, -1, len(v) - 1 - peak))
    out.sort(key=lambda d: (d[0], d[1]))
    return out[:10]


ends = t[WINDOW:]
sheet = {
    "periods": len(r),
    "sortinoRatio": float(e.mean() / downside * np.sqrt(P)),
    "calmarRatio": float(((nav[-1] / nav[0]) ** (1 / years) - 1) / -mdd),
    "beta": beta(r, b),
    "alpha": float(P * (r.mean() - rf - beta(r, b) * (b.mean() - rf))),
    "trackingError": sd(a) * np.sqrt(P),
    "informationRatio": float(a.mean() / sd(a) * np.sqrt(P)),
    "upCapture": annual_geometric(r[up]) / annual_geometric(b[up]),
    "downCapture": annual_geometric(r[down]) / annual_geometric(b[down]),
    "hitRate": float(np.mean(r > b)),
    "positivePeriods": float(np.mean(r > 0)),
    "bestPeriod": {"return": float(r.max()), "t": int(t[1 + r.argmax()])},
    "worstPeriod": {"return": float(r.min()), "t": int(t[1 + r.argmin()])},
    "rollingVolatility": [[int(ends[i]), sd(r[i:i + WINDOW]) * np.sqrt(P)] for i in range(len(r) - WINDOW + 1)],
    "rollingSharpe": [[int(ends[i]), sharpe(r[i:i + WINDOW])] for i in range(len(r) - WINDOW + 1)],
    "rollingBeta": [[int(ends[i]), beta(r[i:i + WINDOW], b[i:i + WINDOW])] for i in range(len(r) - WINDOW + 1)],
    "drawdowns": [
        {"depth": float(d), "start": int(t[s]), "trough": int(t[tr]), "recovery": None if rec < 0 else int(t[rec]), "length": int(length)}
        for d, s, tr, rec, length in drawdowns(nav)
    ],
}
fixture = {
    "generatedBy": "packages/engine/src/tearsheet/_test/numpyTearSheet.py",
    "numpy": np.__version__,
    "options": {"riskFreeRate": RF, "periodsPerYear": P, "rollingWindow": WINDOW, "drawdowns": 10},
    "input": {
        "timeSeries": [[int(ti), float(v)] for ti, v in zip(t, nav)],
        "benchmarkTimeSeries": [[int(ti), float(v)] for ti, v in zip(t, bench)],
    },
    "expected": sheet,
}
with open("numpyTearSheet.json", "w") as f:
    json.dump(fixture, f)
    f.write("\n")
