#!/bin/bash
# Round 45's slow storage (run as root; `throttle.sh up` before the runs, `throttle.sh down` after), adapted
# from round 31's: one file-backed loop device in /tmp/labels45, ext4 with default (write-back) mounting,
# and a cgroup v1 blkio throttle "labels45" that holds only the run scripts' processes (run_all.sh writes
# its own pid into cgroup.procs; mpirun and the ranks inherit it). This round's throttled jobs read: their
# inputs are written outside the cgroup and dropped from the page cache (posix_fadvise DONTNEED, by
# src/dropcache.py) before each run, so every read meets the throttle, as cold reads from a busy shared
# file system do. Limits for the whole cgroup: read 64 MiB/s and 800 IOPS, write 32 MiB/s and 400 IOPS.
set -e
D=/tmp/labels45; CG=/sys/fs/cgroup/blkio/labels45
case "$1" in
up)
	mkdir -p $D/mnt
	truncate -s 3G $D/disk.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount $(cat $D/loopdev) $D/mnt
	mkdir -p $CG
	mm=$(cat /sys/block/$(basename $(cat $D/loopdev))/dev)
	echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
	echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
	echo "$mm 400" > $CG/blkio.throttle.write_iops_device
	echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	mkdir -p $D/mnt/in $D/mnt/out;;
down)
	umount $D/mnt
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img;;
esac
