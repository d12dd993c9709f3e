#!/bin/sh
# A B A B reruns without Darshan: wall time of the whole command and fio's own runtime (terse field 9/50: write runtime ms).
R=/tmp/labels23/run; cd $R
FIO="fio --thread --group_reporting --directory=$R/out --output-format=terse"
w() { s=$(date +%s.%N); "$@" >/tmp/labels23/ab.out 2>&1; e=$(date +%s.%N); printf "  %-60s wall %.3f s load %s\n" "$(echo "$*" | cut -c1-60)" $(echo "$e - $s" | bc) $(cut -d' ' -f1 /proc/loadavg); }
fiot() { w "$@"; awk -F';' '{print "    fio write runtime_ms " $50 ", read runtime_ms " $9}' /tmp/labels23/ab.out; rm -f out/[wf].*; }
for i in 1 2; do
 fiot $FIO --name=w --rw=write --bs=4k --size=64m --ioengine=psync --direct=0 --numjobs=1
 fiot $FIO --name=w --rw=write --bs=1m --size=64m --ioengine=psync --direct=0 --numjobs=1
done
for i in 1 2; do
 fiot $FIO --name=f --rw=write --bs=4k --size=4m --ioengine=psync --direct=0 --fsync=1 --numjobs=1
 fiot $FIO --name=f --rw=write --bs=4k --size=4m --ioengine=psync --direct=0 --end_fsync=1 --numjobs=1
done
for i in 1 2; do
 w sort -S 1M -T $R/out -o $R/out/s1 $R/out/lines.txt
 w sort -S 200M -T $R/out -o $R/out/s2 $R/out/lines.txt
done
rm -f out/s1 out/s2
for i in 1 2; do
 w /usr/bin/python3 src/py_npy.py many $R/out
 w /usr/bin/python3 -c "import numpy as np; np.save('$R/out/one.npy', np.zeros((2000,128))); print(np.load('$R/out/one.npy').shape)"
done
