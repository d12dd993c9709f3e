# A python post-processing step that writes one small JSON file per item
# (2000 items of about 1.5 KiB) and then reads every one back to build an
# index: a small-file storm made by the application's own layout.
import json, os, sys
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for i in range(2000):
    with open(os.path.join(out, "item%05d.json" % i), "w") as f:
        json.dump({"id": i, "values": [i * 0.5 + k for k in range(100)]}, f)
index = {}
for name in sorted(os.listdir(out)):
    with open(os.path.join(out, name)) as f:
        index[name] = len(json.load(f)["values"])
with open(os.path.join(out, "index.json"), "w") as f:
    json.dump(index, f)
