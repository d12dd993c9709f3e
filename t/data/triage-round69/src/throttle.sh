#!/bin/bash
# Round 69's slow shared scratch (adapted from round 31's src/throttle.sh; run as root; `up` before, `down` after).
# One file-backed loop device (losetup --direct-io=on) in /tmp/labels69, ext4 mounted write-back at
# /tmp/labels69/slow, and a cgroup v1 blkio throttle "labels69" that holds only the run script's processes
# (run_all.sh writes its pid into cgroup.procs; mpirun, the ranks and the pipeline inherit it).
# Limits, for the whole cgroup: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS.
# Buffered writeback is done by the kernel flusher outside the cgroup: only fsync/O_DSYNC writes and
# reads that miss the page cache meet the throttle.
set -e
D=/tmp/labels69; CG=/sys/fs/cgroup/blkio/labels69
case "$1" in
up)
	mkdir -p $D/slow
	truncate -s 2G $D/slow.img
	losetup -f --show --direct-io=on $D/slow.img > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount $(cat $D/loopdev) $D/slow
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
	rm -f $D/slow.img;;
esac
