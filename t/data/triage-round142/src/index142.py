# Round 142 (labels142): an inverted index built in runs and merged (serial, numpy). Reads NSHARD gzip shards
# (gzip module), maps words to vocabulary ids, spills a sorted (term, doc) run of int32 pairs every RUNDOCS
# documents (np.save, one large write), then merges: each run read back once (np.load), sorted, written as
# the final postings + term offsets.
import gzip, os, sys
import numpy as np
corpus, nshard, out, rundocs = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
os.makedirs(out, exist_ok=True)
with open(os.path.join(corpus, 'vocab.tsv')) as f:
    vid = {l.split('\t', 1)[0]: i for i, l in enumerate(f)}
runs, terms, docs, doc = [], [], [], 0
def spill():
    t, d = np.array(terms, np.int32), np.array(docs, np.int32); o = np.lexsort((d, t))
    p = os.path.join(out, f'run-{len(runs):03d}.npy'); np.save(p, np.stack([t[o], d[o]])); runs.append(p)
    terms.clear(); docs.clear()
for s in range(nshard):
    with gzip.open(os.path.join(corpus, f'shard-{s:03d}.txt.gz'), 'rt') as f:
        for line in f:
            for w in set(line.split()):
                i = vid.get(w)
                if i is not None: terms.append(i); docs.append(doc)
            doc += 1
            if doc % rundocs == 0: spill()
if terms: spill()
allp = np.concatenate([np.load(p) for p in runs], axis=1)
o = np.lexsort((allp[1], allp[0])); post = allp[:, o]
np.save(os.path.join(out, 'postings.npy'), post[1])
np.save(os.path.join(out, 'offsets.npy'), np.searchsorted(post[0], np.arange(len(vid) + 1)).astype(np.int64))
print(f'index: {doc} docs, {len(runs)} runs, {post.shape[1]} postings')
