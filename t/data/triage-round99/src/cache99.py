# A ccache-like compiler cache (round 99): for each of N sources, hash the source and the compiler options, look the
# manifest up (a miss the first pass), store the object and its manifest; a second pass finds every entry (hits:
# reads the manifest and copies the cached object out). mode fsync: each stored file is fsync'ed (a cache
# configured to be crash-safe); mode nofsync: left to write-back.
import os, sys, hashlib
proj, cache, mode = sys.argv[1], sys.argv[2], sys.argv[3]
srcs = sorted(os.listdir(proj + "/src"))
def put(path, data):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644); os.write(fd, data)
    if mode == "fsync": os.fsync(fd)
    os.close(fd)
def key(s, opt):
    with open(proj + "/src/" + s, "rb") as f: h = hashlib.sha1(f.read() + opt).hexdigest()
    return cache + "/" + h[:2], h
os.makedirs(proj + "/cobj", exist_ok=True)
hits = miss = 0
for p in range(2):
    for opt in (b"-O1", b"-O2"):
        for s in srcs:
            d, h = key(s, opt)
            if os.path.exists(d + "/" + h + ".manifest"):
                with open(d + "/" + h + ".manifest", "rb") as f: f.read()
                with open(d + "/" + h + ".o", "rb") as f: obj = f.read()
                with open("%s/cobj/%s.%s.o" % (proj, s[:-2], opt.decode()[1:]), "wb") as f: f.write(obj)
                hits += 1; continue
            with open(proj + "/obj/" + s[:-2] + ".o", "rb") as f: obj = f.read()
            os.makedirs(d, exist_ok=True)
            put(d + "/" + h + ".o", obj); put(d + "/" + h + ".manifest", b"%s %s %d\n" % (s.encode(), opt, len(obj)))
            miss += 1
print("hits", hits, "misses", miss)
