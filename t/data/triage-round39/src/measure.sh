#!/bin/bash
# Measure the throttle: runs inside cgroup labels39 (IN=1) or outside (IN=0) for comparison (round 31's, paths changed).
M=${MNT:-/tmp/labels39/mnt}/meas; mkdir -p $M
echo "mount: $(grep " ${MNT:-/tmp/labels39/mnt} " /proc/mounts)"
[ "${IN:-1}" = 1 ] && echo $$ > /sys/fs/cgroup/blkio/labels39/cgroup.procs
echo "cgroup: $(grep blkio /proc/self/cgroup)  load $(cut -d' ' -f1 /proc/loadavg)"
t() { local s=$(date +%s.%N); "$@" 2>/dev/null; local e=$(date +%s.%N); echo "$(echo "$e - $s" | bc) s: $*"; }
t dd if=/dev/zero of=$M/direct bs=1M count=64 oflag=direct
t dd if=/dev/zero of=$M/buffered bs=1M count=64
t dd if=/dev/zero of=$M/fsynced bs=1M count=64 conv=fsync
t dd if=/dev/zero of=$M/small4k bs=4k count=400 oflag=direct
dd if=$M/fsynced iflag=nocache count=0 2>/dev/null; dd of=$M/fsynced oflag=nocache conv=notrunc,fdatasync count=0 2>/dev/null
t dd if=$M/fsynced of=/dev/null bs=1M
t dd if=$M/fsynced of=/dev/null bs=1M
t dd if=$M/direct of=/dev/null bs=1M iflag=direct
rm -f $M/*
