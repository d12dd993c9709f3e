#!/usr/bin/python3
"""Round 58's text-mining job: tokenize a corpus (one file, documents separated by lines "=== DOC n"), count words
per document and in all; "perdoc" writes one small token-count file per document (as many NLP tools do), "onefile"
writes the same lines into one TSV. usage: tok58.py gen CORPUS NDOCS | tok58.py run CORPUS OUTDIR perdoc|onefile"""
import sys, time, re, random, collections

def gen(path, ndocs):
    random.seed(58)
    vocab = ["".join(random.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(random.randint(2, 10))) for _ in range(20000)]
    with open(path, "w") as f:
        for d in range(ndocs):
            f.write(f"=== DOC {d}\n")
            for _ in range(40):
                f.write(" ".join(random.choices(vocab, k=random.randint(10, 30))) + ".\n")

def run(path, outdir, mode):
    t0 = time.time()
    allc = collections.Counter()
    text = open(path).read()
    docs = text.split("=== DOC ")[1:]
    one = open(f"{outdir}/tokens.tsv", "w") if mode == "onefile" else None
    for d in docs:
        head, body = d.split("\n", 1)
        words = re.findall(r"[a-z]+", body.lower())
        bigr = collections.Counter(zip(words, words[1:]))
        c = collections.Counter(words)
        allc.update(c)
        lines = "".join(f"{w}\t{n}\t{bigr.get((w, w), 0)}\n" for w, n in c.most_common(300))
        if one:
            one.write(f"#{head}\n" + lines)
        else:
            with open(f"{outdir}/doc{int(head):05d}.tsv", "w") as f:
                f.write(lines)
    if one:
        one.close()
    with open(f"{outdir}/vocab.tsv", "w") as f:
        f.writelines(f"{w}\t{n}\n" for w, n in allc.most_common())
    print(f"tok58 {mode}: {len(docs)} docs, {time.time() - t0:.3f} s")

if sys.argv[1] == "gen":
    gen(sys.argv[2], int(sys.argv[3]))
else:
    run(sys.argv[2], sys.argv[3], sys.argv[4])
