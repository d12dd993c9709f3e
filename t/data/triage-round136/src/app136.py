# Round 136 (labels136): the serial Python/numpy jobs of an AI research centre's day.
#   audio DIR N  : audio feature extraction. Reads N short 16-bit mono WAV clips (44-byte header + 1 s at 16 kHz,
#                  each file read whole), log-mel-like spectrograms by numpy FFT, one features .npy written at the end.
#   retr DIR Q   : retrieval evaluation. Reads a 32 MiB float32 embedding index once (8 MiB readinto calls), the
#                  query embeddings and the qrels (text), scores top-10 by matrix products, writes a results TSV.
#   mkaudio DIR N / mkretr DIR : make the inputs (run before Darshan is loaded).
import os, sys
import numpy as np

def mkaudio(d, n):
    os.makedirs(d, exist_ok=True)
    rng = np.random.default_rng(136)
    for i in range(n):
        pcm = (rng.standard_normal(16000) * 3000).astype('<i2')
        hdr = b'RIFF' + (36 + pcm.nbytes).to_bytes(4, 'little') + b'WAVEfmt ' + bytes(20) + b'data' + pcm.nbytes.to_bytes(4, 'little')
        with open(f'{d}/clip-{i:05d}.wav', 'wb') as f:
            f.write(hdr + pcm.tobytes())

def audio(d, n):
    win = np.hanning(400).astype(np.float32)
    mel = np.random.default_rng(1).random((201, 64)).astype(np.float32)
    feats = np.empty((n, 98, 64), np.float32)
    for i in range(n):
        with open(f'{d}/clip-{i:05d}.wav', 'rb') as f:
            raw = f.read()
        x = np.frombuffer(raw, '<i2', offset=44).astype(np.float32) / 32768
        fr = np.lib.stride_tricks.sliding_window_view(x, 400)[::160][:98] * win
        for _ in range(6):
            spec = np.abs(np.fft.rfft(fr, axis=1)) ** 2
            feats[i] = np.log(spec @ mel + 1e-6)
    np.save(f'{d}/features.npy', feats)

def mkretr(d):
    os.makedirs(d, exist_ok=True)
    rng = np.random.default_rng(136)
    rng.standard_normal((8192, 1024), np.float32).tofile(f'{d}/index.f32')
    rng.standard_normal((256, 1024), np.float32).tofile(f'{d}/queries.f32')
    with open(f'{d}/qrels.txt', 'w') as f:
        for q in range(256):
            f.write(f'{q}\t0\t{rng.integers(8192)}\t1\n')

def readall(p, shape):
    a = np.empty(shape, np.float32)
    mv = memoryview(a).cast('B')
    with open(p, 'rb', buffering=0) as f:
        for o in range(0, len(mv), 8 << 20):
            f.readinto(mv[o:o + (8 << 20)])
    return a

def retr(d, reps):
    idx = readall(f'{d}/index.f32', (8192, 1024))
    qs = readall(f'{d}/queries.f32', (256, 1024))
    rel = {}
    with open(f'{d}/qrels.txt') as f:
        for line in f:
            q, _, doc, _ = line.split('\t')
            rel[int(q)] = int(doc)
    for _ in range(reps):
        s = qs @ idx.T
        top = np.argpartition(-s, 10, axis=1)[:, :10]
    hits = sum(rel[q] in top[q] for q in range(256))
    with open(f'{d}/results.tsv', 'w') as f:
        for q in range(256):
            f.write(f'{q}\t' + ','.join(map(str, top[q])) + '\n')
        f.write(f'# recall@10 {hits / 256:.4f}\n')

if __name__ == '__main__':
    m, d = sys.argv[1], sys.argv[2]
    if m == 'mkaudio': mkaudio(d, int(sys.argv[3]))
    elif m == 'audio': audio(d, int(sys.argv[3]))
    elif m == 'mkretr': mkretr(d)
    else: retr(d, int(sys.argv[3]))
