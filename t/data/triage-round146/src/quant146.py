"""Round 146 (labels146): in-line lossy reduction of a simulation field with numpy.
quant146.py DIR NCKPT NVAL MODE
  each checkpoint: evolve a float64 field, quantize it to uint8 codes (scale/offset per 4096-value block),
  write codes + per-block scale table + a JSON sidecar; at the end reload the last checkpoint and dequantize.
  MODE whole: codes written with one ndarray.tofile; MODE rows: codes written one 4096-value block (4 KiB) a time with os.write
  on an unbuffered descriptor (a row-at-a-time writer: the problem)."""
import json, os, sys, time
import numpy as np

def quantize(f, blk=4096):
    b = f.reshape(-1, blk)
    lo = b.min(axis=1, keepdims=True); hi = b.max(axis=1, keepdims=True)
    sc = (hi - lo) / 255.0 + 1e-30
    return np.round((b - lo) / sc).astype(np.uint8), np.hstack([lo, sc])

def write_codes(path, q, mode):
    if mode == "whole":
        q.tofile(path)
        return
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    flat = q.reshape(-1, 4096)
    for row in flat:
        os.write(fd, row.tobytes())
    os.close(fd)

def main():
    d, nck, nval, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    os.makedirs(d, exist_ok=True)
    x = np.linspace(0, 20, nval); f = np.sin(x)
    for k in range(nck):
        for _ in range(12):                      # the "simulation" between checkpoints
            f = f + 1e-3 * np.cos(x + k) * np.sqrt(np.abs(f) + 1.0)
        q, tab = quantize(f)
        write_codes(f"{d}/q-{k:03d}.u8", q, mode)
        tab.tofile(f"{d}/q-{k:03d}.tab")
        with open(f"{d}/q-{k:03d}.json", "w") as fp:
            json.dump({"step": k, "codec": "uint8-blockscale", "nval": nval, "block": 4096}, fp)
    q = np.fromfile(f"{d}/q-{nck-1:03d}.u8", dtype=np.uint8).reshape(-1, 4096)
    tab = np.fromfile(f"{d}/q-{nck-1:03d}.tab").reshape(-1, 2)
    g = (q * tab[:, 1:2] + tab[:, 0:1]).ravel()
    print(f"max quantization error {np.abs(g - f).max():.3e} over {nval} values, {nck} checkpoints")

main()
