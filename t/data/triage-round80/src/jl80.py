"""Round 80: a serial task loop that logs each result as one JSON line appended to results.jsonl.
jl80.py MODE NTASKS N PATH   MODE reread: before every task, read the whole log to see whether the task
is already done (a restartable driver's usual guard); once: read it once at start, keep a set of done ids."""
import json, sys
import numpy as np

def done_ids(path):
    try:
        with open(path) as f:
            return {line.split(',', 1)[0][8:] for line in f}
    except FileNotFoundError:
        return set()

def work(i, n):
    rng = np.random.default_rng(i)
    m = rng.standard_normal((n, n))
    w = np.linalg.eigvalsh(m + m.T)
    return float(w[0]), float(w[-1]), float(np.abs(w).sum())

def main():
    mode, ntasks, n, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    done = done_ids(path) if mode == "once" else None
    for i in range(ntasks):
        if mode == "reread":
            done = done_ids(path)
        if str(i) in done:
            continue
        lo, hi, s = work(i, n)
        rec = {"task": i, "lo": lo, "hi": hi, "sum": s, "n": n, "status": "ok",
               "note": "eigvalsh of a symmetric gaussian matrix, seed = task id; host node-local"}
        with open(path, "a") as f:
            f.write('{"task":' + str(i) + ', ' + json.dumps(rec)[1:] + "\n")
        done.add(str(i))

main()
