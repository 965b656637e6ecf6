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


out = {"cases": []}
for name, R in cases:
    T, N = R.shape
    out["cases"].append({
        "name": name,
        "periods": T,
        "assets": N,
        "returns": R.ravel().tolist(),
        "sampleCovariance": sample_cov(R).ravel().tolist(),
    })

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_riskModels.json"), "w") as f:
    json.dump(out, f)
