#!/bin/sh
# Round 58's inputs, made outside the throttle cgroup (after `throttle.sh up`), in /tmp/labels58/run/in and the slow mount.
set -e
R=/tmp/labels58/run; S=/tmp/labels58/mnt; M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
cd $R; mkdir -p in/samples in/img
$M -np 1 ./app58 gen-fastq in/reads.fq 400000 150            # 126288890 B, 400000 reads of 150 bases
gzip -1 -c in/reads.fq > in/reads.fq.gz                        # 67981179 B
$M -np 1 ./app58 gen-ref in/ref.bin 4000000                    # 64000000 B, sorted {key,value} uint64 records
head -n $((16*24000*4)) in/reads.fq | split -l $((24000*4)) -d -a 2 --additional-suffix=.fq - in/samples/s  # 16 x 7584000 B
/usr/bin/python3 src/im58.py gen in/img 120 1024 2048           # 120 frames of 4 MiB (uint16 1024x2048)
awk 'BEGIN{srand(58); for(i=0;i<3000000;i++) printf "chr%d\t%d\t%s\tgene_%06d\t%.4f\n", int(rand()*22)+1, int(rand()*2.5e8), (rand()<0.5?"+":"-"), int(rand()*60000), rand()*100}' > in/features.tsv
/usr/bin/python3 src/tok58.py gen in/corpus1500.txt 1500
mkdir -p $S/in/samples $S/out
cp in/reads.fq.gz in/corpus1500.txt $S/in/; cp in/samples/s0[0-7].fq $S/in/samples/
