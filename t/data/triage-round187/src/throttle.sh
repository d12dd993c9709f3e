#!/bin/bash
# Round 187's (copied from round 169's / 146's) slow storage (run as root; `throttle.sh up` before the runs, `throttle.sh down` after).
# loop device -> /tmp/labels187/mnt187, ext4 mounted -o sync (every write(2) reaches the throttled device before it returns).
# Limits: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS for the whole cgroup labels187.
set -e
D=/tmp/labels187; CG=/sys/fs/cgroup/blkio/labels187
case "$1" in
up)
	mkdir -p $D/mnt187
	truncate -s 2G $D/disk187.img
	[ -e /dev/loop187 ] || mknod /dev/loop187 b 7 187
	losetup --direct-io=on /dev/loop187 $D/disk187.img; echo /dev/loop187 > $D/loopdev
	mkfs.ext4 -q -F -L lab187 $(cat $D/loopdev)
	mount -o sync $(cat $D/loopdev) $D/mnt187
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
	umount $D/mnt187
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk187.img;;
esac
