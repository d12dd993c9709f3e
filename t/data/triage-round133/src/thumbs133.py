# Round 133 (labels133): a serial thumbnailer. Reads a video-like container frame by frame (sequential
# readinto of one whole frame), computes a blurred 8x-downscaled thumbnail and a histogram per frame, writes
# each thumbnail to its own file, and keeps a JSON manifest of the frames done.
# usage: thumbs133.py CONTAINER NFRAMES FRAME_KIB OUTDIR WORK end|every
#   end:   the manifest is written once, at the end;
#   every: the whole manifest is rewritten and fsync'ed after every frame (crash-safe progress, O(n^2) bytes).
import json, os, sys
import numpy as np

def thumb(buf, work):
    side = int((len(buf) // 4) ** 0.5)
    img = np.frombuffer(buf, dtype=np.uint8)[: side * side * 4].reshape(side, side, 4).astype(np.float32)
    for _ in range(work):
        img = 0.25 * (np.roll(img, 1, 0) + np.roll(img, -1, 0) + np.roll(img, 1, 1) + np.roll(img, -1, 1))
    t = img.reshape(side // 8, 8, side // 8, 8, 4).mean(axis=(1, 3)).astype(np.uint8)
    return t, np.histogram(t, bins=16, range=(0, 256))[0]

def write_manifest(path, entries, sync):
    with open(path, "w") as f:
        json.dump({"frames": entries}, f, indent=1)
        if sync:
            f.flush(); os.fsync(f.fileno())

def main():
    cont, nf, fkib, out, work, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), sys.argv[6]
    buf = bytearray(fkib * 1024); entries = []
    man = os.path.join(out, "manifest.json")
    with open(cont, "rb", buffering=0) as f:
        for i in range(nf):
            if f.readinto(buf) != len(buf):
                sys.exit("short read")
            t, h = thumb(bytes(buf), work)
            name = "thumb-%05d.raw" % i
            with open(os.path.join(out, name), "wb") as o:
                o.write(t.tobytes())
            entries.append({"frame": i, "file": name, "offset": i * len(buf), "mean": float(t.mean()),
                            "hist": [int(x) for x in h]})
            if mode == "every":
                write_manifest(man, entries, True)
    write_manifest(man, entries, False)
    print("thumbnails", nf, "manifest", os.path.getsize(man), "bytes")

main()
