# Round 108 (labels108): the sweep's aggregator. Reads every trial's result.json and progress.csv, finds each
# trial's best loss and the step it reached it, ranks the trials with a bootstrap of the last 50 losses, and
# writes summary.csv.  usage: agg108.py DIR NTRIALS buffered|raw
# raw: progress.csv opened unbuffered (open(p, "rb", buffering=0)) and iterated by line: Python's raw
# readline reads one byte per read(2).
import json, sys
import numpy as np

def losses(path, mode):
    out = []
    f = open(path, "rb", buffering=0) if mode == "raw" else open(path, "rb")
    with f:
        f.readline()
        for line in f:
            out.append(float(line.split(b",")[1]))
    return np.array(out)

def main(d, n, mode):
    rng = np.random.default_rng(108); rows = []
    for t in range(n):
        with open("%s/t-%03d/result.json" % (d, t)) as f:
            res = json.load(f)
        ls = losses("%s/t-%03d/progress.csv" % (d, t), mode)
        tail = ls[-50:]
        boot = np.array([rng.choice(tail, tail.size).mean() for _ in range(600)])
        rows.append((t, ls.min(), int(ls.argmin()), boot.mean(), boot.std(), res["config"]["lr"]))
    rows.sort(key=lambda r: r[3])
    with open(d + "/summary.csv", "w") as f:
        f.write("trial,best_loss,best_step,tail_mean,tail_sd,lr\n")
        for r in rows:
            f.write("%d,%.6f,%d,%.6f,%.6f,%.5g\n" % r)
    print("agg108: %d trials, best trial %d (%s)" % (n, rows[0][0], mode))

if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3])
