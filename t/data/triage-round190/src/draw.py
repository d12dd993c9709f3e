import random
rng = random.Random(190)
types = ["CFD solver", "climate post-processing", "Monte Carlo transport", "materials code",
         "python analysis script", "file-per-process checkpointer", "serial utility"]
n = rng.choice([5, 5, 6])  # 4-6 programs; time-boxed toward 5
jobs = rng.sample(types, n)
nprob = rng.choice([n//2, (n+1)//2])
probs = set(rng.sample(range(n), nprob))
kinds = {"CFD solver": ["small requests (per-variable 4 KiB writes to shared file)", "rank-0 funnel of the solution"],
 "climate post-processing": ["true re-reads (same input read per variable)", "small reads"],
 "Monte Carlo transport": ["fsync per tally record", "unbalanced ranks (one rank writes all tallies)"],
 "materials code": ["per-step wavefunction re-read", "metadata storm (stat/open per step)"],
 "python analysis script": ["STDIO bulk (text write of array)", "re-reads of input"],
 "file-per-process checkpointer": ["file storm (file per rank per variable per step)", "fsync per record"],
 "serial utility": ["small requests (1-byte/512B reads unbuffered)", "STDIO bulk"]}
for i, j in enumerate(jobs):
    p = i in probs
    k = rng.choice(kinds[j]) if p else "-"
    print(f"{i+1}. {j:32s} {'PROBLEM' if p else 'fine':8s} {k}")
print("seed 190, n", n, "nprob", nprob)
