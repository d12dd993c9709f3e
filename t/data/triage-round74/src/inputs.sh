#!/bin/sh
# Round 74's inputs, made once outside the blkio cgroup after `throttle.sh up` (qcd74 gen fsyncs each file and
# drops it from the page cache, so the first read is cold).
T=/tmp/labels74; Q=$T/src/qcd74
mkdir -p $T/run/in/ens $T/run/out $T/mnt/in
$Q gen $T/run/in/cfg16x32.ildg 16 32 74
for i in 1 2 3 4 5 6; do $Q gen $T/run/in/ens/cfg12_$i.ildg 12 24 $((100 + i)); done
$Q gen $T/mnt/in/cfg16x32.ildg 16 32 74
