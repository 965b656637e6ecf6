"""
Oracle values for impliedEquilibriumReturns and blackLitterman.

Regenerate (from the repository root):
    python3 packages/engine/src/blackLitterman/_test/oracle_blackLitterman.py
which rewrites oracle_blackLitterman.json beside this script. Needs numpy and scipy.

Independent of the engine's formulas:
- the posterior mean and covariance use the "inverse" form of the master formula,
  mu = [(tau S)^-1 + P' W^-1 P]^-1 [(tau S)^-1 pi + P' W^-1 q], cov = S + [(tau S)^-1 + P' W^-1 P]^-1
  (He & Litterman 1999), with explicit matrix inverses (the engine uses the other, equivalent form);
- Idzorek's (2005) omega for a confidence c is found numerically, per view alone, as his
  procedure states: w(omega) = (delta S)^-1 mu(omega), target tilt c (w_100% - w_mkt), and omega
  such that the tilt w(omega) - w_mkt, projected on the 100% tilt, is that fraction c of it (the
  tilt is a multiple of the 100% tilt for one view, so this is Idzorek's least-squares match),
  found by scipy.optimize.brentq on log omega in [-25, 10]. The engine
  uses the closed form omega = ((1-c)/c) p tau S p'; this oracle checks it.
"""
import json
import os

import numpy as np
from scipy.optimize import brentq

rng = np.random.default_rng(20261127)


def random_covariance(n, periods):
    factors = rng.normal(size=(periods, 2))
    loadings = rng.normal(size=(2, n)) * 0.01
    vols = rng.uniform(0.005, 0.03, size=n)
    returns = factors @ loadings + rng.normal(size=(periods, n)) * vols
    return np.cov(returns, rowvar=False, ddof=1) * 252


def posterior(S, pi, P, q, omega, tau):
    if len(q) == 0:
        return pi.copy(), S + tau * S
    ts_inv = np.linalg.inv(tau * S)
    w_inv = np.diag(1 / omega)
    H = np.linalg.inv(ts_inv + P.T @ w_inv @ P)
    mu = H @ (ts_inv @ pi + P.T @ w_inv @ q)
    return mu, S + H


def certain_posterior(S, pi, P, q, tau):
    """omega = 0 (all views certain): the limit, mu = pi + tS P'(P tS P')^-1 (q - P pi)."""
    tS = tau * S
    A = P @ tS @ P.T
    mu = pi + tS @ P.T @ np.linalg.solve(A, q - P @ pi)
    M = tS - tS @ P.T @ np.linalg.solve(A, P @ tS)
    return mu, S + M


def idzorek_omega(S, pi, p, q, c, tau, delta, w_mkt):
    P = p[None, :]
    mu100, _ = certain_posterior(S, pi, P, np.array([q]), tau)
    w100 = np.linalg.solve(delta * S, mu100)
    full = w100 - w_mkt

    def fraction(log_omega):
        mu, _ = posterior(S, pi, P, np.array([q]), np.array([np.exp(log_omega)]), tau)
        w = np.linalg.solve(delta * S, mu)
        return float((w - w_mkt) @ full / (full @ full)) - c

    return float(np.exp(brentq(fraction, -25, 10, xtol=1e-14, rtol=1e-15)))


cases = []
for n, tau in [(3, 0.05), (5, 0.05), (8, 0.1), (12, 0.025)]:
    S = random_covariance(n, 250)
    raw = rng.uniform(0.2, 1, size=n)
    w_mkt = raw / raw.sum()
    delta = 2.5
    pi = delta * S @ w_mkt
    views = []
    # absolute view with a given variance, relative view with a confidence, default-omega view
    p1 = np.zeros(n); p1[0] = 1
    views.append({"portfolio": p1.tolist(), "expectedReturn": float(pi[0] + 0.03), "variance": 0.002})
    p2 = np.zeros(n); p2[1] = 1; p2[2] = -1
    views.append({"portfolio": p2.tolist(), "expectedReturn": 0.02, "confidence": 0.7})
    if n >= 5:
        p3 = np.zeros(n); p3[3] = 0.5; p3[4] = 0.5
        views.append({"portfolio": p3.tolist(), "expectedReturn": -0.01})
    omega = []
    for v in views:
        p = np.array(v["portfolio"])
        base = float(p @ (tau * S) @ p)
        if "variance" in v:
            omega.append(v["variance"])
        elif "confidence" in v:
            omega.append(idzorek_omega(S, pi, p, v["expectedReturn"], v["confidence"], tau, delta, w_mkt))
        else:
            omega.append(base)
    omega = np.array(omega)
    P = np.array([v["portfolio"] for v in views])
    q = np.array([v["expectedReturn"] for v in views])
    mu, cov = posterior(S, pi, P, q, omega, tau)
    # all views certain (confidence 1)
    certain_views = [{"portfolio": v["portfolio"], "expectedReturn": v["expectedReturn"], "confidence": 1} for v in views]
    mu_c, cov_c = certain_posterior(S, pi, P, q, tau)
    cases.append({
        "name": f"n{n}_tau{tau}",
        "covariance": S.tolist(),
        "marketWeights": w_mkt.tolist(),
        "riskAversion": delta,
        "tau": tau,
        "prior": pi.tolist(),
        "views": views,
        "omega": omega.tolist(),
        "returns": mu.tolist(),
        "posteriorCovariance": cov.flatten().tolist(),
        "certainViews": certain_views,
        "certainReturns": mu_c.tolist(),
        "certainCovariance": cov_c.flatten().tolist(),
    })

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_blackLitterman.json")
with open(out, "w") as f:
    json.dump({"generator": "oracle_blackLitterman.py", "cases": cases}, f, indent=1)
print(f"wrote {out}: {len(cases)} cases")
