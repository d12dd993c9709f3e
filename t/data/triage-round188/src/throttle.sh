#!/bin/bash
# Round 188's slow storage (adapted from round 169's; run as root; `throttle.sh up` before the runs, `down` after).
# loop device /dev/loop188 -> /tmp/labels188/mnt188, ext4 with default mount options (NOT -o sync: the programs' own fsyncs decide
# when data reaches the device), under the cgroup v1 blkio throttle labels188: write 32 MiB/s, read 64 MiB/s,
# 400 write and 800 read IOPS for the whole cgroup. `throttle.sh cold` remounts (drops this file system's page cache).
set -e
D=/tmp/labels188; CG=/sys/fs/cgroup/blkio/labels188; M=$D/mnt188
case "$1" in
up)
	mkdir -p $M
	truncate -s 2G $D/disk188.img
	losetup --direct-io=on /dev/loop188 $D/disk188.img; echo /dev/loop188 > $D/loopdev
	mkfs.ext4 -q -F -L lab188 $(cat $D/loopdev)
	mount $(cat $D/loopdev) $M
	mkdir -p $CG
	mm=$(cat /sys/block/$(basename $(cat $D/loopdev))/dev)
	echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
	echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
	echo "$mm 400" > $CG/blkio.throttle.write_iops_device
	echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	;;
cold)
	sync; umount $M; mount $(cat $D/loopdev) $M;;
down)
	umount $M
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk188.img;;
esac
