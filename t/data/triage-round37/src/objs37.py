# Round 37: dump N small result objects (dicts of ~20 fields) with pickle, one file per object into DIR
# ("many"), or all of them as one JSON list into one file ("one").
import json, os, pickle, sys

path, n, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
objs = [{"id": i, "name": "sample_%06d" % i, "vals": [i * 0.5 + k for k in range(16)], "ok": i % 3 == 0}
        for i in range(n)]
if mode == "many":
    os.makedirs(path, exist_ok=True)
    for o in objs:
        with open(os.path.join(path, "obj_%06d.pkl" % o["id"]), "wb") as f:
            pickle.dump(o, f)
else:
    with open(path, "w") as f:
        json.dump(objs, f)
print(len(objs))
