# Round 126: a linguistics concordance (KWIC) search: one pass over a plain-text corpus in 1 MiB blocks,
# every query word's hits written with 40 characters of context either side to one output file.
import sys, re
corpus, queries, out = sys.argv[1], sys.argv[2].split(","), sys.argv[3]
pat = re.compile(rb"\b(" + b"|".join(q.encode() for q in queries) + rb")\b")
hits = {q: 0 for q in queries}
tail = b""
with open(corpus, "rb") as f, open(out, "w") as o:
    while True:
        blk = f.read(1 << 20)
        if not blk:
            break
        buf = tail + blk
        for m in pat.finditer(buf, 0, max(0, len(buf) - 40)):
            s, e = m.start(), m.end()
            w = m.group(1).decode()
            hits[w] += 1
            o.write("%-8s|%s|\n" % (w, buf[max(0, s - 40):e + 40].decode("latin-1").replace("\n", " ")))
        tail = buf[max(0, len(buf) - 40 - 64):]
for q in queries:
    print(q, hits[q])
