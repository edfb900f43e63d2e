#!/usr/bin/python3
"""Writes kendall_scipy.json: datasets and scipy.stats.kendalltau (tau-b) for each. Run by hand; tests read the JSON."""
import json, random
from scipy.stats import kendalltau
random.seed(3)
cases=[]
for name,n,k in [("untied",30,1000),("tied",40,6),("heavy ties",25,3),("large tied",300,40)]:
    x=[random.randint(0,k) for _ in range(n)]; y=[random.randint(0,k)+ (xx//2 if name!='untied' else 0) for xx in x]
    if name=="untied":
        x=random.sample(range(1000),n); y=[v+random.randint(-200,200) for v in x]
    t=kendalltau(x,y).correlation  # tau-b default
    cases.append({"name":name,"x":x,"y":y,"tau_b":t})
json.dump({"cases":cases},open("kendall_scipy.json","w"))
print([(c['name'],c['tau_b']) for c in cases])
