#!/bin/bash
# Round 54's slow storage, adapted from round 31's throttle.sh (run as root; `up` before, `down` after).
# One file-backed loop device in /tmp/labels54, ext4 with default write-back, mounted at /tmp/labels54/mnt,
# and a cgroup v1 blkio throttle "labels54" holding only the run script's processes (run_all.sh writes its
# pid into cgroup.procs; mpirun and the ranks inherit it). Limits: write 32 MiB/s, read 64 MiB/s,
# 400 write and 800 read IOPS, for the whole cgroup. Cold reads, fsync and O_DIRECT meet the throttle.
set -e
D=/tmp/labels54; CG=/sys/fs/cgroup/blkio/labels54
case "$1" in
up)
	mkdir -p $D/mnt
	truncate -s 2G $D/disk.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount $(cat $D/loopdev) $D/mnt
	mkdir -p $CG
	mm=$(cat /sys/block/$(basename $(cat $D/loopdev))/dev)
	echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
	echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
	echo "$mm 400" > $CG/blkio.throttle.write_iops_device
	echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	mkdir -p $D/mnt/in
	head -c $((256*1024*1024)) /dev/urandom > $D/mnt/in/data.bin;;
down)
	umount $D/mnt
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img;;
esac
