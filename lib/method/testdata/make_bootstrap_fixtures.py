#!/usr/bin/env python3
"""Writes bootstrap_scipy.json: datasets, bootstrap resamples (as index lists),
and what scipy/numpy compute from those same resamples: each resample's
Spearman rho (scipy.stats.spearmanr on the materialised resample), the 95%
percentile interval (numpy.percentile, linear = type 7) and the BCa interval
with scipy.stats.bootstrap's formulas (z0 = norm.ppf(share of resampled rho <
rho), jackknife acceleration, norm.cdf-adjusted percentiles).

Run by hand with a Python that has scipy (python3 -m pip or Debian's
python3-scipy); the tests only read the JSON.
"""
import json

import numpy as np
import scipy
from scipy.stats import norm, spearmanr

rng = np.random.default_rng(11)
cases = []


def rho(x, y):
    r = spearmanr(x, y).statistic
    return None if r != r else float(r)


def add(name, x, y, B):
    x, y = np.asarray(x, float), np.asarray(y, float)
    n = len(x)
    idx = rng.integers(0, n, size=(B, n))
    rhos = [rho(x[i], y[i]) for i in idx]
    theta = np.array([r for r in rhos if r is not None])
    est = rho(x, y)
    alpha = 0.025
    pct = [float(np.percentile(theta, 100 * alpha)), float(np.percentile(theta, 100 * (1 - alpha)))]
    z0 = norm.ppf(np.sum(theta < est) / len(theta))
    jack = np.array([rho(np.delete(x, i), np.delete(y, i)) for i in range(n)])
    d = jack.mean() - jack
    a = np.sum(d**3) / (6 * np.sum(d**2) ** 1.5)
    def adj(z):
        return norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z)))
    bca = [float(np.percentile(theta, 100 * adj(norm.ppf(alpha)))), float(np.percentile(theta, 100 * adj(norm.ppf(1 - alpha))))]
    cases.append({
        "name": name, "x": x.tolist(), "y": y.tolist(), "resamples": idx.tolist(), "rhos": rhos,
        "estimate": est, "percentile": pct, "bca": bca, "z0": float(z0), "a": float(a),
    })


x = np.round(rng.normal(30, 15, 60))
y = rng.choice([0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7], 60)
add("60 positions like self-play, ties in both", x.tolist(), y.tolist(), 400)
x = rng.normal(0, 1, 24)
y = 0.6 * x + rng.normal(0, 0.8, 24)
add("24 positions, correlated, untied", x.tolist(), y.tolist(), 400)
json.dump({"scipy": scipy.__version__, "numpy": np.__version__, "cases": cases}, open("bootstrap_scipy.json", "w"))
