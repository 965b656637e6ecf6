"""Oracle values for packages/engine/src/riskModels (docs/maths.md#risk-models-and-mean-variance).

Regenerate from the repository root with:
    python3 packages/engine/src/riskModels/_test/oracle_riskModels.py
It writes oracle_riskModels.json beside this file. Needs numpy only; every estimator is written
here straight from its paper's formula (not from the engine's code), in plain numpy.
"""
import json
import os

import numpy as np

rng = np.random.default_rng(20261126)


def case(name, T, N):
    # Correlated returns: a market factor plus noise, daily-sized.
    market = rng.normal(0.0004, 0.01, size=(T, 1))
    beta = rng.uniform(0.5, 1.5, size=(1, N))
    R = market @ beta + rng.normal(0.0002, 0.015, size=(T, N))
    return name, R


cases = [case("small", 60, 5), case("wide", 8, 12), case("tall", 300, 20)]


def sample_cov(R):
    return np.cov(R, rowvar=False, ddof=1)


def biased(R):
    X = R - R.mean(axis=0)
    return X, X.T @ X / R.shape[0]


def lw_constant_correlation(R):
    # Ledoit & Wolf (2004) "Honey, I shrunk the sample covariance matrix", section 2 and appendix B,
    # written term by term (pi_ij, theta, rho, gamma) as in the paper.
    T, N = R.shape
    X, S = biased(R)
    sd = np.sqrt(np.diag(S))
    corr = S / np.outer(sd, sd)
    rbar = (corr.sum() - N) / (N * (N - 1))
    F = rbar * np.outer(sd, sd)
    np.fill_diagonal(F, np.diag(S))
    pi_mat = np.zeros((N, N))
    for i in range(N):
        for j in range(N):
            pi_mat[i, j] = np.mean((X[:, i] * X[:, j] - S[i, j]) ** 2)
    pi = pi_mat.sum()
    rho = np.trace(pi_mat)
    for i in range(N):
        for j in range(N):
            if i == j:
                continue
            th_ii = np.mean((X[:, i] ** 2 - S[i, i]) * (X[:, i] * X[:, j] - S[i, j]))
            th_jj = np.mean((X[:, j] ** 2 - S[j, j]) * (X[:, i] * X[:, j] - S[i, j]))
            rho += rbar / 2 * (np.sqrt(S[j, j] / S[i, i]) * th_ii + np.sqrt(S[i, i] / S[j, j]) * th_jj)
    gamma = ((F - S) ** 2).sum()
    delta = max(0.0, min(1.0, (pi - rho) / gamma / T))
    return delta, delta * F + (1 - delta) * S


def lw_single_factor(R):
    # Ledoit & Wolf (2003) "Improved estimation of the covariance matrix of stock returns with an
    # application to portfolio selection", J. Empirical Finance 10: the single-index target
    # f_ij = s_i0 s_j0 / s_00 (i != j), f_ii = s_ii, the factor the equally weighted market; the
    # intensity kappa / T with kappa = (pi - rho) / gamma, each term written as in the paper
    # (pi_ij, rho_ii = pi_ii, rho_ij from the factor's moments), summed over i, j.
    T, N = R.shape
    X, S = biased(R)
    m = X.mean(axis=1)  # the equally weighted market's deviations
    s0 = X.T @ m / T
    s00 = m @ m / T
    F = np.outer(s0, s0) / s00
    np.fill_diagonal(F, np.diag(S))
    pi_mat = np.zeros((N, N))
    for i in range(N):
        for j in range(N):
            pi_mat[i, j] = np.mean((X[:, i] * X[:, j] - S[i, j]) ** 2)
    pi = pi_mat.sum()
    rho = np.trace(pi_mat)
    for i in range(N):
        for j in range(N):
            if i == j:
                continue
            r = (s0[j] * s00 * X[:, i] + s0[i] * s00 * X[:, j] - s0[i] * s0[j] * m) * m * X[:, i] * X[:, j] / s00**2 - F[i, j] * S[i, j]
            rho += np.mean(r)
    gamma = ((F - S) ** 2).sum()
    delta = max(0.0, min(1.0, (pi - rho) / gamma / T))
    return delta, delta * F + (1 - delta) * S


def lw_identity(R):
    # Ledoit & Wolf (2004) "A well-conditioned estimator for large-dimensional covariance matrices",
    # lemmas 3.2-3.4, with the normalised Frobenius norm <A,B> = tr(AB')/N.
    T, N = R.shape
    X, S = biased(R)
    norm2 = lambda A: np.trace(A @ A.T) / N
    mu = np.trace(S) / N
    d2 = norm2(S - mu * np.eye(N))
    bbar2 = sum(norm2(np.outer(X[t], X[t]) - S) for t in range(T)) / T**2
    b2 = min(bbar2, d2)
    delta = b2 / d2
    return delta, delta * mu * np.eye(N) + (1 - delta) * S


def oas(R):
    # Chen, Wiesel, Eldar & Hero (2010), eq. (23).
    n, p = R.shape
    _, S = biased(R)
    trS, trS2 = np.trace(S), np.trace(S @ S)
    rho = min(1.0, ((1 - 2 / p) * trS2 + trS**2) / ((n + 1 - 2 / p) * (trS2 - trS**2 / p)))
    return rho, (1 - rho) * S + rho * trS / p * np.eye(p)


def ew_weights(span, T):
    a = 2 / (span + 1)
    w = (1 - a) ** np.arange(T - 1, -1, -1)
    return w / w.sum()


def ew_cov(R, span):
    w = ew_weights(span, R.shape[0])
    m = w @ R
    X = R - m
    return (X.T * w) @ X / (1 - (w**2).sum())


def capm(R, market, rf):
    beta = np.array([np.cov(R[:, i], market)[0, 1] / np.var(market, ddof=1) for i in range(R.shape[1])])
    return rf + beta * (market.mean() - rf)


out = {"cases": []}
for name, R in cases:
    T, N = R.shape
    out["cases"].append({
        "name": name,
        "periods": T,
        "assets": N,
        "returns": R.ravel().tolist(),
        "sampleCovariance": sample_cov(R).ravel().tolist(),
        "ledoitWolfConstantCorrelation": dict(zip(["shrinkage", "values"], (lambda d, C: (d, C.ravel().tolist()))(*lw_constant_correlation(R)))),
        "ledoitWolfIdentity": dict(zip(["shrinkage", "values"], (lambda d, C: (d, C.ravel().tolist()))(*lw_identity(R)))),
        "ledoitWolfSingleFactor": dict(zip(["shrinkage", "values"], (lambda d, C: (d, C.ravel().tolist()))(*lw_single_factor(R)))),
        "oas": dict(zip(["shrinkage", "values"], (lambda d, C: (d, C.ravel().tolist()))(*oas(R)))),
        "exponentialCovarianceSpan30": ew_cov(R, 30).ravel().tolist(),
        "meanHistorical": R.mean(axis=0).tolist(),
        "meanHistoricalCompounded": (np.prod(1 + R, axis=0) ** (1 / T) - 1).tolist(),
        "exponentialMeanSpan30": (ew_weights(30, T) @ R).tolist(),
        "market": R[:, 0].tolist(),
        "capmMarketColumn0Rf1e-4": capm(R, R[:, 0], 1e-4).tolist(),
        "capmEqualWeight": capm(R, R.mean(axis=1), 0.0).tolist(),
    })

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_riskModels.json"), "w") as f:
    json.dump(out, f)
