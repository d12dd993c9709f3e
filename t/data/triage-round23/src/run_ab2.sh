#!/bin/sh
# A B A B: fio random 4 KiB direct reads (4 threads) against 1 MiB of the same bytes; cp -r of the tree against tar of it into one archive file
R=/tmp/labels23/run; cd $R
FIO="fio --thread --group_reporting --directory=$R/out --output-format=terse"
w() { s=$(date +%s.%N); "$@" >/tmp/labels23/ab2.out 2>&1; e=$(date +%s.%N); printf "  %-60s wall %.3f s load %s\n" "$(echo "$*" | cut -c1-60)" $(echo "$e - $s" | bc) $(cut -d' ' -f1 /proc/loadavg); }
fiot() { w "$@"; awk -F';' '{print "    fio read runtime_ms " $9}' /tmp/labels23/ab2.out; }
for i in 1 2; do
 fiot $FIO --name=r --rw=randread --bs=4k --size=16m --ioengine=psync --direct=1 --numjobs=4
 fiot $FIO --name=r --rw=randread --bs=1m --size=16m --ioengine=psync --direct=1 --numjobs=4
done
rm -f out/r.*
for i in 1 2; do
 rm -rf out/tree2; w cp -r $R/out/tree $R/out/tree2
 rm -f out/tree.tar; w tar -cf $R/out/tree.tar -C $R/out tree
done
rm -rf out/tree2 out/tree.tar
