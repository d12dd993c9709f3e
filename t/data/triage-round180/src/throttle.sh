#!/bin/bash
# Round 180's (copied from round 169's, itself round 146's) slow storage (run as root; `throttle.sh up` before the runs, `throttle.sh down` after).
# loop device /dev/loop180 (created with mknod if absent, so no other helper's device is touched) -> /tmp/labels180/mnt, ext4 mounted -o sync (every write(2) reaches the throttled device before it returns).
# Limits: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS for the whole cgroup labels180.
set -e
D=/tmp/labels180; CG=/sys/fs/cgroup/blkio/labels180
case "$1" in
up)
	mkdir -p $D/mnt
	truncate -s 2G $D/disk.img
	[ -e /dev/loop180 ] || mknod /dev/loop180 b 7 180
	losetup --direct-io=on /dev/loop180 $D/disk.img; echo /dev/loop180 > $D/loopdev
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
remount)	# drop this mount's page cache (cold inputs, as on a shared file system), nothing else
	sync; umount $D/mnt; mount -o sync $(cat $D/loopdev) $D/mnt;;
esac
