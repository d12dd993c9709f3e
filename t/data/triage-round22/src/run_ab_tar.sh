#!/bin/sh
# tar -cf with its default 10 KiB records against -b 2048 (1 MiB records), no Darshan, A B A B A B, wall time
R=/tmp/labels22/run; cd $R
w() { tag=$1; shift; rm -f out/ab/t.tar; s=$(date +%s.%N); "$@"; echo "$tag $(echo "$(date +%s.%N) - $s" | bc) load $(cut -d' ' -f1 /proc/loadavg)"; }
for i in 1 2 3; do w tar-10k tar -cf out/ab/t.tar tree; w tar-1m tar -b 2048 -cf out/ab/t.tar tree; done
