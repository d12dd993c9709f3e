#!/bin/sh
# Inputs made before the logged runs (not logged): the .npy dataset, a web-server-style access log,
# a gzip'ed FASTQ file, and a copy of the IOR source tree (a real C project) to rebuild.
R=/tmp/labels29/run; cd $R; mkdir -p out
/usr/bin/python3 src/wf.py prep out
# 600000 lines (~55 MB) of access log: ip, time, request, status, bytes
awk 'BEGIN{srand(29); for(i=0;i<600000;i++){printf "10.%d.%d.%d - - [30/Nov/2026:%02d:%02d:%02d +0000] \"GET /data/f%d.h5 HTTP/1.1\" %d %d\n", int(rand()*4),int(rand()*256),int(rand()*256), int(i/25000)%24, int(i/400)%60, i%60, int(rand()*5000), (rand()<0.03?404:200), int(rand()*1e6)}}' >out/access.log
# 250000 reads of 100 bases (~60 MB of FASTQ), gzip -6
awk 'BEGIN{srand(30); split("ACGT",b,""); for(i=0;i<250000;i++){s=""; q=""; for(j=0;j<100;j++){s=s b[int(rand()*4)+1]; q=q "I"} printf "@r%d\n%s\n+\n%s\n", i, s, q}}' | gzip -6 >out/reads.fq.gz
rm -rf out/ior; cp -a /tmp/labels22/ior out/ior
ls -l out/access.log out/reads.fq.gz out/packed.npy
