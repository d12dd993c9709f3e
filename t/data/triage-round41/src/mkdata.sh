#!/bin/bash
# Make the dataset in DIR: 3000 samples of 32 KiB (random bytes, one stream from openssl seeded "41"):
# DIR/s/NNN/NNNNNN.bin (500 a directory), the same bytes packed in 4 and in 8 record files (rec4/, rec8/),
# one .npy-like file (all.npy: a 128-byte header, then the samples), and a label index labels.csv
# (300000 lines "sample_NNNNNN,LABEL,train/NNN/NNNNNN.JPEG", awk srand(41)).
set -e
D=$1; N=3000; SZ=32768
mkdir -p $D/rec4 $D/rec8
openssl enc -aes-256-ctr -pass pass:41 -nosalt </dev/zero 2>/dev/null | head -c $((N*SZ)) > $D/blob
for ((i=0;i<N;i++)); do d=$(printf '%s/s/%03d' $D $((i/500))); [ -d $d ] || mkdir -p $d; done
python3 - "$D" $N $SZ <<'PY'
import sys
d, n, sz = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
b = open(d + "/blob", "rb").read()
for i in range(n):
    with open("%s/s/%03d/%06d.bin" % (d, i // 500, i), "wb") as f:
        f.write(b[i*sz:(i+1)*sz])
for k in (4, 8):
    per = n // k
    for r in range(k):
        with open("%s/rec%d/%02d.rec" % (d, k, r), "wb") as f:
            f.write(b[r*per*sz:(r+1)*per*sz])
with open(d + "/all.npy", "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + b"{'descr': '|u1', 'fortran_order': False, 'shape': (%d, %d), }" % (n, sz) + b" " * 128)
    f.seek(128); f.write(b)
PY
truncate -s $((128+N*SZ)) $D/all.npy
rm $D/blob
awk 'BEGIN{srand(41); for(i=0;i<300000;i++) printf "sample_%06d,%d,train/%03d/%06d.JPEG\n", i, int(rand()*1000), i%1000, i}' > $D/labels.csv
