#!/bin/bash
# Round 79's slow storage, adapted from round 31's throttle.sh: one file-backed loop device in /tmp/labels79,
# ext4 mounted -o sync, in a cgroup v1 blkio group labels79 (run_all.sh writes its pid into cgroup.procs).
# Limits: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS for the whole cgroup.
set -e
D=/tmp/labels79; CG=/sys/fs/cgroup/blkio/labels79
case "$1" in
up)
	mkdir -p $D/mnt; truncate -s 1G $D/disk.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev); mount -o sync $(cat $D/loopdev) $D/mnt
	mkdir -p $CG; mm=$(cat /sys/block/$(basename $(cat $D/loopdev))/dev)
	echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
	echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
	echo "$mm 400" > $CG/blkio.throttle.write_iops_device
	echo "$mm 800" > $CG/blkio.throttle.read_iops_device;;
down)
	umount $D/mnt; losetup -d $(cat $D/loopdev); rmdir $CG; rm -f $D/disk.img;;
esac
