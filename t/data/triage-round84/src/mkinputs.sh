#!/bin/bash
# Round 84's inputs (run once, without Darshan, outside the throttle): a 24-chromosome reference (24 MiB local and
# on the mount; 96 MiB on the mount for vcscan) with its .fai, 4 samples' FASTQ.gz (20000 100-bp reads each),
# records to sort (1M local, 300k on the mount), a BAM-like sample of 200 blocks with its index.
R=/tmp/labels84/run; S=/tmp/labels84/src; T=/tmp/labels84/mnt; A=/tmp/labels84/app84
set -e
mkdir -p $R/in $T/in
$A gen $R/in/ref.fa 24 1000000 $R/in 4 20000 $R/in/recs.bin 1000000
/usr/bin/python3 $S/mksample.py $R/in/sample.bam 200
$A gen $T/in/ref96.fa 24 4000000 $T/in 0 0 $T/in/recs.bin 300000
cp $R/in/ref.fa $R/in/ref.fa.fai $R/in/sample*.fq.gz $R/in/sample.bam $R/in/sample.bam.idx $T/in/
