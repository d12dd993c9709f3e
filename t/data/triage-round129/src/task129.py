# task129.py: round 129's Python task runners (labels129), one process: a scheduler loop running NT short tasks.
#   setup DIR NT                 : writes NT pickled task inputs DIR/in/task-I.pkl (~2 KiB) and DIR/shared.npy (32 MiB)
#   db DIR NT JOURNAL SYNC EVERY : each task reads its pickle, computes, pickles a result DIR/out/res-I.pkl, and sets its
#                                  state in the sqlite DB DIR/tasks.db (journal_mode JOURNAL, synchronous SYNC),
#                                  committing every EVERY tasks; final gather: one summary pickle
#   spill DIR NPART MIB          : builds NPART partitions of MIB MiB, spills each with np.save, reloads each once, reduces
#   shared DIR NT every|once     : each task needs a 1/NT row block of shared.npy: np.load of the whole file per task
#                                  (every) or once before the loop (once)
import os, pickle, sqlite3, sys
import numpy as np

def setup(d, nt):
    os.makedirs(d + "/in", exist_ok=True)
    rng = np.random.default_rng(129)
    for i in range(nt):
        with open("%s/in/task-%d.pkl" % (d, i), "wb") as f:
            pickle.dump({"id": i, "x": rng.random(250)}, f)
    np.save(d + "/shared.npy", rng.random((4096, 1024)))

def task(x):
    return float(np.sum(np.sin(np.outer(x, x[:64]))))

def db(d, nt, journal, sync, every):
    os.makedirs(d + "/out", exist_ok=True)
    if os.path.exists(d + "/tasks.db"): os.unlink(d + "/tasks.db")
    con = sqlite3.connect(d + "/tasks.db", isolation_level=None)
    con.execute("PRAGMA journal_mode=%s" % journal)
    con.execute("PRAGMA synchronous=%s" % sync)
    con.execute("CREATE TABLE task(id INTEGER PRIMARY KEY, state TEXT, result REAL)")
    con.execute("BEGIN")
    con.executemany("INSERT INTO task VALUES(?, 'queued', NULL)", [(i,) for i in range(nt)])
    con.execute("COMMIT")
    res = {}
    con.execute("BEGIN")
    for i in range(nt):
        with open("%s/in/task-%d.pkl" % (d, i), "rb") as f:
            inp = pickle.load(f)
        r = task(inp["x"])
        with open("%s/out/res-%d.pkl" % (d, i), "wb") as f:
            pickle.dump({"id": i, "r": r}, f)
        res[i] = r
        con.execute("UPDATE task SET state='done', result=? WHERE id=?", (r, i))
        if (i + 1) % every == 0:
            con.execute("COMMIT"); con.execute("BEGIN")
    con.execute("COMMIT")
    con.close()
    with open(d + "/summary.pkl", "wb") as f:
        pickle.dump(res, f)
    print("db", nt, "tasks, total %.3f" % sum(res.values()))

def spill(d, npart, mib):
    os.makedirs(d + "/spill", exist_ok=True)
    n = mib * 1024 * 1024 // 8
    rng = np.random.default_rng(7)
    for p in range(npart):
        a = np.cumsum(rng.random(n))
        a = np.sin(a) * a
        np.save("%s/spill/part-%d.npy" % (d, p), a)
        del a
    tot = 0.0
    for p in range(npart):
        a = np.load("%s/spill/part-%d.npy" % (d, p))
        tot += float(np.sort(np.cos(a))[-1])
    with open(d + "/result.pkl", "wb") as f:
        pickle.dump(tot, f)
    print("spill total %.3f" % tot)

def shared(d, nt, mode):
    os.makedirs(d + "/out", exist_ok=True)
    big = np.load(d + "/shared.npy") if mode == "once" else None
    tot = 0.0
    for i in range(nt):
        a = np.load(d + "/shared.npy") if mode == "every" else big
        k = a.shape[0] // nt
        blk = a[i * k:(i + 1) * k]
        r = float(np.sum(blk @ blk.T))
        with open("%s/out/res-%d.pkl" % (d, i), "wb") as f:
            pickle.dump(r, f)
        tot += r
    print("shared", mode, "total %.3f" % tot)

m = sys.argv[1]
if m == "setup": setup(sys.argv[2], int(sys.argv[3]))
elif m == "db": db(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], int(sys.argv[6]))
elif m == "spill": spill(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
elif m == "shared": shared(sys.argv[2], int(sys.argv[3]), sys.argv[4])
