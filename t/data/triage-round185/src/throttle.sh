#!/bin/bash
# Round 185's (copied from round 169's, itself round 146's) slow storage (run as root; `throttle.sh up` before the runs, `throttle.sh down` after).
# loop device /dev/loop185 (this round's number) -> /tmp/labels185/mnt, ext4 mounted -o sync (every write(2) reaches the throttled device before it returns).
# Limits: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS for the whole cgroup labels185.
set -e
D=/tmp/labels185; CG=/sys/fs/cgroup/blkio/labels185
case "$1" in
up)
	mkdir -p $D/mnt
	truncate -s 2G $D/disk.img
	[ -e /dev/loop185 ] || mknod /dev/loop185 b 7 185
	losetup --direct-io=on /dev/loop185 $D/disk.img; echo /dev/loop185 > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount -o sync $(cat $D/loopdev) $D/mnt
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
	umount $D/mnt
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img;;
esac
