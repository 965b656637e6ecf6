"""Writes oracle_quantStats.json: the independent oracle of the tear-sheet statistics
(skewness, kurtosis, omega, tail ratio, gain-to-pain, payoff, profit factor, Kelly,
ulcer index, recovery factor, probabilistic and deflated Sharpe ratio, Cornish-Fisher VaR,
rolling Sortino, monthly and annual returns) and of the convention presets (empyrical and
quantstats formulas, written here from their documented definitions: neither library is
installed). Read by quantStats.oracle.test.ts.

Regenerate from this folder: `python3 oracle_quantStats.py` (numpy and scipy; deterministic).
"""
import datetime as dt
import json
import math

import numpy as np
import scipy
from scipy import stats

rng = np.random.default_rng(24)

# --- data -----------------------------------------------------------------------------------
n = 504
bench = rng.normal(0.0004, 0.011, n)
port = 0.0002 + 1.1 * bench + 0.006 * rng.standard_t(4, n)
port[rng.choice(n, 25, replace=False)] = 0.0        # exact zeros: win-rate conventions differ
bench[rng.choice(n, 5, replace=False)] = 0.0
small = np.array([0.012, -0.004, 0.0, 0.021, -0.017, 0.006, -0.009, 0.015])
# A fat-tailed, skewed series (a crash) for the moment estimators.
crash = np.concatenate([rng.normal(0.001, 0.008, 200), [-0.12, -0.07, 0.05]])

series = {"port": port, "bench": bench, "small": small, "crash": crash}
P = 252
RF = 0.02
rf_p = (1 + RF) ** (1 / P) - 1


def nav(r):
    return 100 * np.concatenate([[1.0], np.cumprod(1 + r)])


def drawdowns(r):
    v = nav(r)
    return (v / np.maximum.accumulate(v) - 1)[1:]


def max_dd(r):
    return float(min(0.0, drawdowns(r).min()))


def sharpe_pp(r, rfp=0.0):
    e = r - rfp
    s = np.std(e, ddof=1)
    return float(e.mean() / s)


def psr(r, rfp, target_pp, adjusted):
    sr = sharpe_pp(r, rfp)
    g1 = stats.skew(r, bias=not adjusted)
    g4 = stats.kurtosis(r, fisher=False, bias=not adjusted)
    if adjusted:  # pandas' excess G2, + 3
        g4 = stats.kurtosis(r, fisher=True, bias=False) + 3
    var = 1 - g1 * sr + (g4 - 1) / 4 * sr ** 2
    return float(stats.norm.cdf((sr - target_pp) * math.sqrt(len(r) - 1) / math.sqrt(var)))


def expected_max_sharpe(trials, variance):
    g = 0.5772156649015329
    return float(math.sqrt(variance) * ((1 - g) * stats.norm.ppf(1 - 1 / trials) + g * stats.norm.ppf(1 - 1 / (trials * math.e))))


def cornish_fisher_var(r, beta):
    z = stats.norm.ppf(1 - beta)
    s = stats.skew(r)
    k = stats.kurtosis(r)
    zcf = z + (z ** 2 - 1) * s / 6 + (z ** 3 - 3 * z) * k / 24 - (2 * z ** 3 - 5 * z) * s ** 2 / 36
    return float(-(r.mean() + zcf * np.std(r, ddof=1)))


def omega(r, rf_annual, required_annual, p):
    thr = (1 + rf_annual) ** (1 / p) - 1 + (1 + required_annual) ** (1 / p) - 1
    e = r - thr
    return float(e[e > 0].sum() / -e[e < 0].sum())


def tail_ratio(r, c):
    return float(abs(np.percentile(r, 100 * c)) / abs(np.percentile(r, 100 * (1 - c))))


def payoff(r):
    return float(r[r > 0].mean() / abs(r[r < 0].mean()))


def kelly(r):
    p = (r > 0).sum() / (r != 0).sum()
    b = payoff(r)
    return float(p - (1 - p) / b)


def stat_block(r):
    dd = drawdowns(r)
    v = nav(r)
    return {
        "skewness": float(stats.skew(r)),
        "skewnessAdjusted": float(stats.skew(r, bias=False)),
        "kurtosis": float(stats.kurtosis(r)),
        "kurtosisAdjusted": float(stats.kurtosis(r, bias=False)),
        "omega": omega(r, 0.0, 0.0, P),
        "omegaRf": omega(r, RF, 0.05, P),
        "tailRatio": tail_ratio(r, 0.95),
        "tailRatio90": tail_ratio(r, 0.9),
        "gainToPain": float(r.sum() / abs(r[r < 0].sum())),
        "profitFactor": float(r[r > 0].sum() / abs(r[r < 0].sum())),
        "payoffRatio": payoff(r),
        "kelly": kelly(r),
        "ulcerIndex": float(math.sqrt((dd ** 2).sum() / len(r))),
        "ulcerIndexQuantstats": float(math.sqrt((dd ** 2).sum() / (len(r) - 1))),
        "recoveryFactor": float((v[-1] / v[0] - 1) / abs(max_dd(r))),
        "recoveryFactorQuantstats": float(abs(r.sum()) / abs(max_dd(r))),
        "psr": psr(r, 0.0, 0.0, False),
        "psrRf": psr(r, rf_p, 0.5 / math.sqrt(P), False),
        "psrQuantstats": psr(r, rf_p, 0.0, True),
        "dsr": psr(r, 0.0, expected_max_sharpe(50, 0.3) / math.sqrt(P), False),
        "cornishFisherVar95": cornish_fisher_var(r, 0.95),
        "cornishFisherVar99": cornish_fisher_var(r, 0.99),
        # Presets of existing statistics.
        "periodCagr": float(np.prod(1 + r) ** (P / len(r)) - 1),
        "varEmpyrical95": float(-np.percentile(r, 5)),
        "varEmpyrical99": float(-np.percentile(r, 1)),
        "cvarEmpyrical95": float(-np.mean(np.partition(r, int((len(r) - 1) * 0.05))[: int((len(r) - 1) * 0.05) + 1])),
        "varQuantstats95": float(-stats.norm.ppf(0.05, r.mean(), np.std(r, ddof=1))),
        "cvarQuantstats95": float(-(r.mean() - np.std(r, ddof=1) * stats.norm.pdf(stats.norm.ppf(0.05)) / 0.05)),
        "winRateQuantstats": float((r > 0).sum() / (r != 0).sum()),
        "hitRateEngine": float((r > 0).mean()),
    }


def pair_block(r, b):
    beta = float(np.cov(r, b, ddof=1)[0, 1] / np.var(b, ddof=1))
    a = r - b
    alpha_series = (r - rf_p) - beta * (b - rf_p)
    return {
        "beta": beta,
        "alphaEngine": float(P * alpha_series.mean()),
        "alphaEmpyrical": float((1 + alpha_series.mean()) ** P - 1),
        "alphaQuantstats": float(P * (r.mean() - beta * b.mean())),
        "informationRatioEngine": float(a.mean() / np.std(a, ddof=1) * math.sqrt(P)),
        "informationRatioEmpyrical": float(a.mean() / np.std(a, ddof=1)),
        "hitRateEngine": float((r > b).mean()),
        "hitRateQuantstats": float((r > b).sum() / (r != b).sum()),
    }


def rolling_sortino(r, m):
    out = []
    for i in range(len(r) - m + 1):
        w = r[i:i + m]
        dd = math.sqrt((np.minimum(w, 0) ** 2).mean())
        out.append(float(w.mean() / dd * math.sqrt(P)))
    return out


# Weekly NAV on Fridays from Wednesday 2021-03-17 (a mid-month start) with a gap month, for the period tables.
t0 = dt.datetime(2021, 3, 17, tzinfo=dt.timezone.utc)
days = [t0] + [dt.datetime(2021, 3, 19, tzinfo=dt.timezone.utc) + dt.timedelta(weeks=k) for k in range(140)]
days = [d for d in days if not (d.year == 2022 and d.month == 8)]   # no point in August 2022
wr = rng.normal(0.002, 0.02, len(days) - 1)
wnav = 10000 * np.concatenate([[1.0], np.cumprod(1 + wr)])
ts = [int(d.timestamp()) for d in days]


def period_table(monthly):
    out = []
    key = (lambda d: (d.year, d.month)) if monthly else (lambda d: (d.year,))
    start_i = 0
    cur = None
    for i in range(1, len(days)):
        k = key(days[i])
        if k != cur:
            if cur is not None:
                out.append(row(cur, start_i, i - 1, part))
            if cur is None:
                part = key(days[0]) == k
            else:
                nxt = (cur[0] + (cur[1] == 12), cur[1] % 12 + 1) if monthly else (cur[0] + 1,)
                part = k != nxt
            cur = k
            start_i = i - 1
    out.append(row(cur, start_i, len(days) - 1, part))
    return out


def row(k, s, e, part):
    d = {"year": k[0], "return": float(wnav[e] / wnav[s] - 1), "start": ts[s], "end": ts[e], "partial": bool(part)}
    if len(k) == 2:
        d["month"] = k[1]
    return d


out = {
    "generatedBy": "packages/engine/src/stats/_test/oracle_quantStats.py",
    "numpy": np.__version__,
    "scipy": scipy.__version__,
    "constants": {"periodsPerYear": P, "riskFreeRate": RF, "requiredReturn": 0.05, "targetSharpe": 0.5, "trials": 50, "sharpeVariance": 0.3},
    "series": {k: [float(x) for x in v] for k, v in series.items()},
    "stats": {k: stat_block(v) for k, v in series.items()},
    "pairs": {"portVsBench": pair_block(port, bench)},
    "expectedMaxSharpe": expected_max_sharpe(50, 0.3),
    "rollingSortino63": rolling_sortino(port, 63),
    "normal": {
        "cdf": [[x, float(stats.norm.cdf(x))] for x in [-37.5, -20, -8.3, -3, -1.96, -0.5, 0, 0.25, 1.2, 2.5, 6]],
        "ppf": [[p, float(stats.norm.ppf(p))] for p in [1e-300, 1e-20, 1e-6, 0.001, 0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.999, 1 - 1e-12]],
    },
    "periods": {
        "timeSeries": [[t, float(v)] for t, v in zip(ts, wnav)],
        "monthly": period_table(True),
        "annual": period_table(False),
    },
}
with open("oracle_quantStats.json", "w") as f:
    json.dump(out, f)
    f.write("\n")
