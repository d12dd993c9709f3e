#!/usr/bin/python3
"""Round 72 post-processing: read the Fortran unformatted sequential files of `f72 unf` (each record framed
by 4-byte length markers, read as scipy.io.FortranFile would, through a buffered file object), compute a
spectrum of each snapshot with numpy and save a text table with np.savetxt.
usage: py72.py OUT.txt REPEAT FILE..."""
import sys
import numpy as np


def records(path):
    with open(path, 'rb') as f:
        while True:
            head = f.read(4)
            if len(head) < 4:
                return
            size = int(np.frombuffer(head, dtype='<i4')[0])
            body = f.read(size)
            tail = f.read(4)
            if tail != head:
                raise SystemExit(f'{path}: bad record marker')
            yield body


def main():
    out, repeat, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    rows = []
    for p in files:
        recs = list(records(p))
        for meta, data in zip(recs[1::2], recs[2::2]):
            step = int(np.frombuffer(meta[:4], dtype='<i4')[0])
            a = np.frombuffer(data, dtype='<f8')
            power = np.zeros(a.size // 2 + 1)
            for r in range(repeat):  # ensemble of jittered spectra, the analysis' real cost
                power += np.abs(np.fft.rfft(a * (1.0 + 1e-3 * r))) ** 2
            rows.append((step, a.mean(), a.std(), power[1:64].sum(), power.argmax()))
    np.savetxt(out, np.array(rows), fmt='%.10e')


main()
