#!/usr/bin/python3
"""Writes spearman_scipy.json: datasets and scipy.stats.spearmanr's rho for each.

Run by hand (needs Debian's python3-scipy); the tests only read the JSON.
"""
import json
import random

import scipy
from scipy.stats import spearmanr

random.seed(7)
cases = []

def add(name, x, y):
    rho = spearmanr(x, y).correlation
    cases.append({"name": name, "x": x, "y": y, "rho": None if rho != rho else float(rho)})

add("untied", [1.0, 2.5, 3.1, 4.7, 5.2, 6.8, 7.0], [2.0, 1.0, 4.0, 3.0, 7.0, 5.0, 6.0])
add("ties in x", [10, 10, 20, 30, 30, 30, 40, 50], [1, 3, 2, 5, 4, 6, 8, 7])
add("ties in both", [0, 0, 1, 1, 2, 2, 3, 3, 4], [0.5, 0.5, 0.5, 1, 0, 1, 1, 0.5, 1])
add("negative with ties", [-7, 7, 3, 12, 0, 3, -2], [0.5, 0.45, 0.6, 0.3, 0.55, 0.6, 0.5])
add("scores like self-play", [round(random.gauss(30, 15)) for _ in range(60)], [random.choice([0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7]) for _ in range(60)])
add("large untied", [random.random() for _ in range(960)], [random.random() for _ in range(960)])
add("large tied", [random.randint(-5, 80) for _ in range(960)], [random.randint(0, 40) for _ in range(960)])
add("three pairs", [1, 2, 3], [3, 1, 2])
add("constant column", [1, 2, 3, 4], [5, 5, 5, 5])

json.dump({"scipy": scipy.__version__, "cases": cases}, open("spearman_scipy.json", "w"), indent=None)
