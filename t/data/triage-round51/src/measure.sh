#!/bin/bash
# the slow storage measured with dd (round 31's way), inside the cgroup labels51 and outside it; run as root after
# throttle.sh up. Prints seconds for each case.
D=/tmp/labels51; S=$D/mnt; W=$D/mntwb
t() { local s=$(date +%s.%N); "$@" 2>/dev/null; echo "$(echo "$(date +%s.%N) - $s" | bc)"; }
cold() { sync; umount $S && mount -o sync $(cat $D/loopdev) $S && umount $W && mount $(cat $D/loopdev2) $W; }
case "$1" in
in) echo $$ > /sys/fs/cgroup/blkio/labels51/cgroup.procs;;
esac
echo "sync mount, 64 MiB dd bs=1M: $(t dd if=/dev/zero of=$S/m.bin bs=1M count=64)"
echo "write-back mount, 64 MiB dd bs=1M conv=fsync: $(t dd if=/dev/zero of=$W/m.bin bs=1M count=64 conv=fsync)"
echo "sync mount, 400 x 4 KiB dd: $(t dd if=/dev/zero of=$S/m4.bin bs=4k count=400)"
cold
echo "sync mount, cold read 64 MiB bs=1M: $(t dd if=$S/m.bin of=/dev/null bs=1M)"
echo "the same read again (cached): $(t dd if=$S/m.bin of=/dev/null bs=1M)"
rm -f $S/m.bin $S/m4.bin $W/m.bin
