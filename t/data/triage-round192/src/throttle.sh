#!/bin/bash
# Round 192's (copied from round 169's, names changed to 192; loop device /dev/loop192) slow storage (run as root; `throttle.sh up` before the runs, `throttle.sh down` after).
# loop device -> /tmp/labels192/mnt192, ext4 mounted -o sync (every write(2) reaches the throttled device before it returns).
# Limits: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS for the whole cgroup labels192.
set -e
D=/tmp/labels192; CG=/sys/fs/cgroup/blkio/labels192
case "$1" in
up)
	mkdir -p $D/mnt192
	truncate -s 2G $D/disk192.img
	[ -e /dev/loop192 ] || mknod /dev/loop192 b 7 192
	losetup --direct-io=on /dev/loop192 $D/disk192.img; echo /dev/loop192 > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount -o sync $(cat $D/loopdev) $D/mnt192
	mkdir -p $CG
	for l in $(cat $D/loopdev); do
		mm=$(cat /sys/block/$(basename $l)/dev)
		echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
		echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
		echo "$mm 400" > $CG/blkio.throttle.write_iops_device
		echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	done
	;;
down)
	umount $D/mnt192
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk192.img;;
esac
