"""numpy peer of bench/estimators/estimatorsVsNumpy.ts: the sample covariance, Ledoit-Wolf shrinkage
and the Black-Litterman posterior, on the returns, covariance, prior and views the Node runner wrote
(raw little-endian float64 files).

Protocol (one command a line on stdin, one JSON line on stdout):
    check <case>           the peer's estimates (flattened), to compare with the engine's
    time <case> <what> <n> runs <what> n times: {"ms": elapsed ms per run, "cpuMs": CPU ms per run}
<what> is "cov" (np.cov(R, rowvar=False)), "lw-identity" (Ledoit & Wolf 2004, "A well-conditioned
estimator for large-dimensional covariance matrices": the average variance times the identity as
target), "lw-single-factor" (Ledoit & Wolf 2003, the equally weighted market as the one factor),
"lw-constant-correlation" (Ledoit & Wolf 2004, "Honey, I shrunk the sample covariance matrix") or
"bl" (the Black-Litterman master formula at the case's covariance, prior and views).
Every formula is written here from the papers, vectorised as a numpy user writes it, with the
same algebra as the engine where a paper's sum over asset pairs can be taken inside the sum over
periods (pi, and the rho of the single-factor and constant-correlation targets: O(T N), not O(T N^2)).
"""
import json
import os
import sys
import time

import numpy as np

directory = sys.argv[1]


def load(name):
    meta = json.load(open(os.path.join(directory, f"{name}.json")))
    T, N = meta["periods"], meta["assets"]
    c = {"R": np.fromfile(os.path.join(directory, f"{name}.returns.f64"), dtype="<f8").reshape(T, N)}
    if meta.get("views", 0) > 0:
        k = meta["views"]
        c["sigma"] = np.fromfile(os.path.join(directory, f"{name}.sigma.f64"), dtype="<f8").reshape(N, N)
        c["pi"] = np.fromfile(os.path.join(directory, f"{name}.pi.f64"), dtype="<f8")
        c["P"] = np.fromfile(os.path.join(directory, f"{name}.P.f64"), dtype="<f8").reshape(k, N)
        c["q"] = np.fromfile(os.path.join(directory, f"{name}.q.f64"), dtype="<f8")
        c["confidence"] = np.fromfile(os.path.join(directory, f"{name}.confidence.f64"), dtype="<f8")
        c["tau"] = meta["tau"]
    return c


def sample_cov(c):
    return np.cov(c["R"], rowvar=False)


def lw_identity(c):
    R = c["R"]
    T = R.shape[0]
    X = R - R.mean(axis=0)
    S = X.T @ X / T
    mu = np.trace(S) / S.shape[0]
    F = mu * np.eye(S.shape[0])
    d2 = ((S - F) ** 2).sum()
    # b^2 = (1/T^2) sum_t ||x_t x_t' - S||_F^2 = (sum_t ||x_t||^4 / T - ||S||_F^2) / T
    b2 = (((X ** 2).sum(axis=1) ** 2).sum() / T - (S ** 2).sum()) / T
    delta = min(b2, d2) / d2
    return delta * F + (1 - delta) * S, delta


def lw_pi(X, S):
    # pi = sum_ij (1/T) sum_t (x_ti x_tj - s_ij)^2 = sum_t ||x_t||^4 / T - ||S||_F^2
    q = (X * X).sum(axis=1)
    return (q * q).sum() / X.shape[0] - (S * S).sum()


def lw_single_factor(c):
    # Ledoit & Wolf (2003): F_ij = s_i0 s_j0 / s_00, F_ii = s_ii, the factor the equally weighted
    # market; rho from the paper's rho_ij with the sums over j taken inside the sums over t.
    R = c["R"]
    T = R.shape[0]
    X = R - R.mean(axis=0)
    S = X.T @ X / T
    m = X.mean(axis=1)
    s0 = X.T @ m / T
    s00 = m @ m / T
    F = np.outer(s0, s0) / s00
    np.fill_diagonal(F, np.diag(S))
    X2 = X * X
    u = X @ s0
    rho_diag = ((X2 * X2).sum(axis=0) / T - np.diag(S) ** 2).sum()
    a = (X2 * m[:, None] * (u[:, None] - X * s0)).sum() / T
    b = (m ** 2 * u ** 2).sum() / T - (s0 ** 2 * ((m ** 2)[:, None] * X2).sum(axis=0)).sum() / T
    fs = (np.outer(s0, s0) * S).sum() - (s0 ** 2 * np.diag(S)).sum()
    rho = rho_diag + 2 * a / s00 - b / s00 ** 2 - fs / s00
    gamma = ((F - S) ** 2).sum()
    delta = max(0.0, min(1.0, (lw_pi(X, S) - rho) / gamma / T))
    return delta * F + (1 - delta) * S, delta


def lw_constant_correlation(c):
    # Ledoit & Wolf (2004, "Honey, I shrunk the sample covariance matrix"): F_ij = rbar sqrt(s_ii s_jj),
    # rho = sum_i pi_ii + rbar sum_{i != j} sqrt(s_jj / s_ii) theta_ii,ij, the sum over j inside the sum over t.
    R = c["R"]
    T, N = R.shape
    X = R - R.mean(axis=0)
    S = X.T @ X / T
    sd = np.sqrt(np.diag(S))
    rbar = ((S / np.outer(sd, sd)).sum() - N) / (N * (N - 1))
    F = rbar * np.outer(sd, sd)
    np.fill_diagonal(F, np.diag(S))
    X3 = X * X * X
    x4 = (X3 * X).sum(axis=0)
    z = X @ sd
    off = (S * sd).sum(axis=1) - np.diag(S) * sd
    rho = (x4 / T - np.diag(S) ** 2).sum() + rbar * (((X3 * z[:, None]).sum(axis=0) - sd * x4) / T / sd - np.diag(S) / sd * off).sum()
    gamma = ((F - S) ** 2).sum()
    delta = max(0.0, min(1.0, (lw_pi(X, S) - rho) / gamma / T))
    return delta * F + (1 - delta) * S, delta


def black_litterman(c):
    S, pi, P, q, conf, tau = c["sigma"], c["pi"], c["P"], c["q"], c["confidence"], c["tau"]
    tS = tau * S
    tsp = tS @ P.T
    ptp = np.einsum("kn,nk->k", P, tsp)
    omega = np.diag((1 - conf) / conf * ptp)
    A = P @ tsp + omega
    mu = pi + tsp @ np.linalg.solve(A, q - P @ pi)
    post = S + tS - tsp @ np.linalg.solve(A, tsp.T)
    return mu, post


RUN = {
    "cov": sample_cov,
    "lw-identity": lambda c: lw_identity(c)[0],
    "lw-single-factor": lambda c: lw_single_factor(c)[0],
    "lw-constant-correlation": lambda c: lw_constant_correlation(c)[0],
    "bl": black_litterman,
}


def main():
    cases = {name: load(name) for name in sys.argv[2:]}
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        try:
            if words[0] == "check":
                c = cases[words[1]]
                lw, delta = lw_identity(c)
                out = {"cov": sample_cov(c).ravel().tolist(), "lwIdentity": lw.ravel().tolist(), "lwIdentityShrinkage": delta}
                for key, run in (("lwSingleFactor", lw_single_factor), ("lwConstantCorrelation", lw_constant_correlation)):
                    estimate, shrinkage = run(c)
                    out[key] = estimate.ravel().tolist()
                    out[f"{key}Shrinkage"] = shrinkage
                if "sigma" in c:
                    mu, post = black_litterman(c)
                    out["blReturns"] = mu.tolist()
                    out["blCovariance"] = post.ravel().tolist()
            elif words[0] == "time":
                c, run, n = cases[words[1]], RUN[words[2]], int(words[3])
                run(c)
                start, cpu = time.perf_counter(), time.process_time()
                for _ in range(n):
                    run(c)
                out = {"ms": (time.perf_counter() - start) * 1000 / n, "cpuMs": (time.process_time() - cpu) * 1000 / n}
            else:
                out = {"error": f"unknown command {words[0]}"}
        except Exception as error:  # noqa: BLE001 - reported to the runner, which stops
            out = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
