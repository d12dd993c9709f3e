# Round 142 corpus (made before the runs, not under Darshan): a web-crawl-like corpus of NSHARD gzip shards,
# one document a line; 8 % clean documents (all words from the vocabulary), the rest half out-of-vocabulary junk;
# 5 % of documents are copies of earlier ones (near-duplicate crawl pages) for the dedup job.
import gzip, os, sys, random
import numpy as np
out, nshard, ndoc = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(142); random.seed(142)
os.makedirs(out, exist_ok=True)
letters = np.frombuffer(b'abcdefghijklmnopqrstuvwxyz', dtype=np.uint8)
def word(): return bytes(letters[rng.integers(0, 26, rng.integers(3, 10))]).decode()
vocab = list(dict.fromkeys(word() for _ in range(110000)))[:100000]
counts = (1e7 / np.arange(1, len(vocab) + 1)).astype(int)
with open(os.path.join(out, 'vocab.tsv'), 'w') as f:
    f.writelines(f'{w}\t{c}\n' for w, c in zip(vocab, counts))
p = 1.0 / np.arange(1, len(vocab) + 1); p /= p.sum()
seen = []
for s in range(nshard):
    with gzip.open(os.path.join(out, f'shard-{s:03d}.txt.gz'), 'wt', compresslevel=6) as f:
        for d in range(ndoc):
            if seen and rng.random() < 0.05:
                f.write(random.choice(seen)); continue
            ids = rng.choice(len(vocab), 150, p=p)
            ws = [vocab[i] for i in ids]
            if rng.random() >= 0.08:
                ws = [w if rng.random() < 0.5 else word() + 'q' for w in ws]
            line = ' '.join(ws) + '\n'
            if len(seen) < 2000: seen.append(line)
            f.write(line)
