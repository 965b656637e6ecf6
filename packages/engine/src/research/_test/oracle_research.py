"""Oracle values for packages/engine/src/research (docs/maths.md#research-cross-validation-and-overfitting).

Regenerate from the repository root with:
    python3 packages/engine/src/research/_test/oracle_research.py
It writes oracle_research.json beside this file. Needs numpy and scipy. Every quantity is written
here straight from the papers' definitions (not from the engine's code), in plain numpy:
- purged K-fold and CPCV splits: López de Prado (2018), Advances in Financial Machine Learning,
  ch. 7 (purging, embargo) and ch. 12 (combinatorial purged cross-validation, backtest paths);
- the probability of backtest overfitting by CSCV: Bailey, Borwein, López de Prado & Zhu (2017);
- the deflated Sharpe ratio: Bailey & López de Prado (2014), eq. 1 and 2.
The Sharpe ratio everywhere is mean / sample sd (ddof 1) of the excess returns, times sqrt(P),
0 when the sd is at most 1e-9 times the largest |excess return|.
"""
import itertools
import json
import math
import os

import numpy as np
from scipy import stats

rng = np.random.default_rng(20261130)
EPS = 1e-9
EULER_GAMMA = 0.5772156649015329


def groups_of(T, n):
    # n contiguous groups, sizes differing by at most one, the first T mod n one longer.
    parts = np.array_split(np.arange(T), n)
    return [int(p[0]) for p in parts] + [T]


def split(T, bounds, tested, h, e):
    test = [t for g in tested for t in range(bounds[g], bounds[g + 1])]
    zones = [(bounds[g] - h, bounds[g + 1] - 1 + h + e) for g in tested]
    train = [t for t in range(T) if not any(a <= t <= b for a, b in zones)]
    return {"train": train, "test": test, "testGroups": list(tested)}


def purged_k_fold(T, K, h, e):
    bounds = groups_of(T, K)
    return {"groups": bounds, "splits": [split(T, bounds, (k,), h, e) for k in range(K)], "paths": [list(range(K))]}


def cpcv(T, N, k, h, e):
    bounds = groups_of(T, N)
    combos = list(itertools.combinations(range(N), k))
    splits = [split(T, bounds, c, h, e) for c in combos]
    phi = math.comb(N, k) * k // N
    # Path p takes, for group g, the p-th split (in split order) that tests g.
    paths = [[[s for s, c in enumerate(combos) if g in c][p] for g in range(N)] for p in range(phi)]
    return {"groups": bounds, "splits": splits, "paths": paths}


def sharpe(x, P, rf=0.0):
    rf_p = (1 + rf) ** (1 / P) - 1
    e = np.asarray(x, dtype=float) - rf_p
    sd = e.std(ddof=1)
    if not sd > EPS * np.abs(e).max():
        return 0.0
    return float(e.mean() / sd * math.sqrt(P))


def cross_validate(R, P, cv, rf):
    # The estimator of the test: inverse-variance weights (ddof 1) of the training window, summing to 1.
    out_splits = []
    for s in cv["splits"]:
        window = R[s["train"], :]
        iv = 1 / window.var(axis=0, ddof=1)
        w = iv / iv.sum()
        r = R[s["test"], :] @ w
        out_splits.append({"weights": w.tolist(), "returns": r.tolist(), "sharpe": sharpe(r, P, rf)})
    out_paths = []
    T = R.shape[0]
    bounds = cv["groups"]
    for path in cv["paths"]:
        r = np.zeros(T)
        for g, s in enumerate(path):
            test = cv["splits"][s]["test"]
            for t in range(bounds[g], bounds[g + 1]):
                r[t] = out_splits[s]["returns"][test.index(t)]
        out_paths.append({"returns": r.tolist(), "sharpe": sharpe(r, P, rf)})
    return {"splits": out_splits, "paths": out_paths}


def pbo(M, S, P, rf):
    T, N = M.shape
    L = T // S
    dropped = T - S * L
    blocks = [M[dropped + b * L: dropped + (b + 1) * L, :] for b in range(S)]
    out = {"logits": [], "relativeRanks": [], "selected": [], "inSampleRanks": [], "outOfSampleRanks": [], "inSampleSharpe": [], "outOfSampleSharpe": []}
    for c in itertools.combinations(range(S), S // 2):
        J = np.concatenate([blocks[b] for b in c])
        Jbar = np.concatenate([blocks[b] for b in range(S) if b not in c])
        R = np.array([sharpe(J[:, n], P, rf) for n in range(N)])
        Rbar = np.array([sharpe(Jbar[:, n], P, rf) for n in range(N)])
        n_star = int(np.argmax(R))
        omega = stats.rankdata(Rbar)[n_star] / (N + 1)
        out["logits"].append(float(np.log(omega / (1 - omega))))
        out["relativeRanks"].append(float(omega))
        out["selected"].append(n_star)
        out["inSampleRanks"].append(float(stats.rankdata(R)[n_star]))
        out["outOfSampleRanks"].append(float(stats.rankdata(Rbar)[n_star]))
        out["inSampleSharpe"].append(float(R[n_star]))
        out["outOfSampleSharpe"].append(float(Rbar[n_star]))
    lam = np.array(out["logits"])
    out["pbo"] = float(np.mean(lam <= 0))
    out["probabilityOfLoss"] = float(np.mean(np.array(out["outOfSampleSharpe"]) < 0))
    out["droppedPeriods"] = dropped
    out["blockPeriods"] = L
    return out


def deflated_sharpe_of_trials(M, P, rf, trials=None):
    T, N = M.shape
    n = N if trials is None else trials
    srs = np.array([sharpe(M[:, j], P, rf) for j in range(N)])
    V = srs.var(ddof=1)
    best = int(np.argmax(srs))
    # False Strategy theorem (eq. 2), annualised.
    sr0 = math.sqrt(V) * ((1 - EULER_GAMMA) * stats.norm.ppf(1 - 1 / n) + EULER_GAMMA * stats.norm.ppf(1 - 1 / (n * math.e)))
    x = M[:, best]
    rf_p = (1 + rf) ** (1 / P) - 1
    sr = (x - rf_p).mean() / (x - rf_p).std(ddof=1)  # per period
    g3 = stats.skew(x, bias=True)
    g4 = stats.kurtosis(x, fisher=False, bias=True)
    z = (sr - sr0 / math.sqrt(P)) * math.sqrt(T - 1) / math.sqrt(1 - g3 * sr + (g4 - 1) / 4 * sr ** 2)
    return {
        "deflatedSharpe": float(stats.norm.cdf(z)),
        "selected": best,
        "sharpeRatios": srs.tolist(),
        "sharpeVariance": float(V),
        "expectedMaximumSharpe": float(sr0),
        "trials": n,
    }


def returns_matrix(T, N, drift_sd=0.0004):
    market = rng.normal(0.0004, 0.01, size=(T, 1))
    beta = rng.uniform(0.5, 1.5, size=(1, N))
    drift = rng.normal(0.0, drift_sd, size=(1, N))
    # Rounded to 1e-6 (the JSON stays small; the oracle computes from the rounded values).
    return np.round(market @ beta + drift + rng.normal(0.0002, 0.012, size=(T, N)), 6)


def trial_matrix(T, M):
    # Sweep-like trials: a shared signal with small parameter-dependent edges and noise.
    base = rng.normal(0.0003, 0.01, size=(T, 1))
    edge = rng.normal(0.0, 0.0006, size=(1, M))
    return np.round(base * rng.uniform(0.3, 1.2, size=(1, M)) + edge + rng.normal(0, 0.008, size=(T, M)), 6)


split_cases = [
    {"kind": "kfold", "periods": 50, "folds": 5, "purge": 0, "embargo": 0},
    {"kind": "kfold", "periods": 53, "folds": 4, "purge": 3, "embargo": 2},
    {"kind": "kfold", "periods": 40, "folds": 8, "purge": 1, "embargo": 5},
    {"kind": "cpcv", "periods": 60, "groups": 6, "testGroups": 2, "purge": 2, "embargo": 1},
    {"kind": "cpcv", "periods": 47, "groups": 5, "testGroups": 3, "purge": 0, "embargo": 3},
    {"kind": "cpcv", "periods": 36, "groups": 4, "testGroups": 1, "purge": 1, "embargo": 0},
]
for c in split_cases:
    if c["kind"] == "kfold":
        c["expected"] = purged_k_fold(c["periods"], c["folds"], c["purge"], c["embargo"])
    else:
        c["expected"] = cpcv(c["periods"], c["groups"], c["testGroups"], c["purge"], c["embargo"])

cv_cases = []
for name, T, N, P, rf, scheme in [
    ("kfold-daily", 120, 4, 252, 0.02, ("kfold", 5, 2, 3)),
    ("cpcv-monthly", 96, 5, 12, 0.0, ("cpcv", 6, 2, 1, 2)),
    ("cpcv-bare", 80, 3, 1, 0.0, ("cpcv", 5, 3, 0, 0)),
]:
    R = returns_matrix(T, N)
    if scheme[0] == "kfold":
        cv = purged_k_fold(T, scheme[1], scheme[2], scheme[3])
        opts = {"kind": "kfold", "folds": scheme[1], "purge": scheme[2], "embargo": scheme[3]}
    else:
        cv = cpcv(T, scheme[1], scheme[2], scheme[3], scheme[4])
        opts = {"kind": "cpcv", "groups": scheme[1], "testGroups": scheme[2], "purge": scheme[3], "embargo": scheme[4]}
    cv_cases.append({"name": name, "periods": T, "assets": N, "periodsPerYear": P, "riskFreeRate": rf, "returns": R.flatten().tolist(), "scheme": opts, "expected": cross_validate(R, P, cv, rf)})

pbo_cases = []
for name, T, M, S, P, rf in [("s8", 320, 10, 8, 252, 0.0), ("s6-dropped", 203, 7, 6, 52, 0.03), ("s10-bare", 120, 12, 10, 1, 0.0)]:
    X = trial_matrix(T, M)
    pbo_cases.append({"name": name, "periods": T, "trials": M, "partitions": S, "periodsPerYear": P, "riskFreeRate": rf, "returns": X.flatten().tolist(), "expected": pbo(X, S, P, rf)})

dsr_cases = []
for name, T, M, P, rf, trials in [("daily-10", 300, 10, 252, 0.0, None), ("weekly-rf", 260, 8, 52, 0.02, None), ("bare-100-tried", 60, 5, 1, 0.0, 100)]:
    X = trial_matrix(T, M)
    dsr_cases.append({"name": name, "periods": T, "columns": M, "periodsPerYear": P, "riskFreeRate": rf, "trials": trials, "returns": X.flatten().tolist(), "expected": deflated_sharpe_of_trials(X, P, rf, trials)})

out = {"splits": split_cases, "crossValidate": cv_cases, "pbo": pbo_cases, "deflatedSharpe": dsr_cases}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_research.json"), "w") as f:
    json.dump(out, f)
