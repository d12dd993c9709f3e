#!/bin/bash
# Round 57's slow tier (run as root; `throttle.sh up` before the runs, `throttle.sh down` after), adapted from
# round 31's: one file-backed loop device in /tmp/labels57 (direct-io, so the host page cache does not hide it),
# ext4 mounted -o sync at /tmp/labels57/slow (every write(2) reaches the device before it returns, as on a parallel
# file system without client write-back), and a cgroup v1 blkio throttle `labels57` that holds only the run
# script's processes (run_all.sh writes its pid into cgroup.procs; mpirun and the ranks inherit it).
# Limits, for the whole cgroup: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS.
set -e
D=/tmp/labels57; CG=/sys/fs/cgroup/blkio/labels57
case "$1" in
up)
	mkdir -p $D/slow
	truncate -s 2G $D/disk.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount -o sync $(cat $D/loopdev) $D/slow
	mkdir -p $CG
	mm=$(cat /sys/block/$(basename $(cat $D/loopdev))/dev)
	echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
	echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
	echo "$mm 400" > $CG/blkio.throttle.write_iops_device
	echo "$mm 800" > $CG/blkio.throttle.read_iops_device;;
down)
	umount $D/slow
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img;;
esac
