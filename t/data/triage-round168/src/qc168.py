"""Round 168 (labels168): quality control of a segmentation, pure Python (no numpy on this VM), one process.
qc168.py IMAGE_STORE MASK_STORE OUTDIR
  reads both stores' .zarray, then every chunk of the image (uint16) and of the label mask (uint8): mean intensity,
  foreground fraction, mean intensity inside the mask; writes qc.csv (a line a chunk) and qc.json (summary)."""
import json, os, sys
from array import array

def meta(store):
    with open(os.path.join(store, ".zarray")) as f:
        return json.load(f)

img, msk, out = sys.argv[1:4]
mi, mm = meta(img), meta(msk)
h, w = mi["shape"]; c = mi["chunks"][0]
assert mm["shape"] == mi["shape"] and mm["chunks"][0] == c
rows = []; fg_tot = 0; n_tot = 0
for i in range(h // c):
    for j in range(w // c):
        with open(os.path.join(img, f"{i}.{j}"), "rb") as f:
            a = array("H"); a.frombytes(f.read())
        with open(os.path.join(msk, f"{i}.{j}"), "rb") as f:
            m = f.read()
        fg = len(m) - m.count(0)
        mean = sum(a) / len(a)
        # mean intensity inside the mask, on every 16th row (a QC estimate)
        s = k = 0
        for y in range(0, c, 16):
            rowm = m[y * c:(y + 1) * c]; rowa = a[y * c:(y + 1) * c]
            for x in range(c):
                if rowm[x]:
                    s += rowa[x]; k += 1
        rows.append((i, j, round(mean, 2), round(fg / len(m), 4), round(s / k, 1) if k else 0))
        fg_tot += fg; n_tot += len(m)
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "qc.csv"), "w") as f:
    f.write("chunk_y,chunk_x,mean,fg_fraction,mean_in_mask\n")
    for r in rows:
        f.write(",".join(map(str, r)) + "\n")
with open(os.path.join(out, "qc.json"), "w") as f:
    json.dump({"chunks": len(rows), "fg_fraction": fg_tot / n_tot, "flagged": [r[:2] for r in rows if r[3] < 0.05]}, f, indent=1)
print(f"qc: {len(rows)} chunks, foreground {fg_tot / n_tot:.4f}")
