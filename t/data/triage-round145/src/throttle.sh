#!/bin/bash
# Round 145's slow storage (adapted from round 83's throttle.sh; run as root: `throttle.sh up` before the runs,
# `throttle.sh down` after). Two file-backed loop devices: /tmp/labels145/mnt ext4 mounted -o sync (every write(2)
# reaches the throttled device before it returns) and /tmp/labels145/mnt2 ext4 with the default (async) mount, where
# only fsync or page-cache writeback meets the throttle.
# Limits per device, for the cgroup labels145: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS.
set -e
D=/tmp/labels145; CG=/sys/fs/cgroup/blkio/labels145
case "$1" in
up)
	mkdir -p $D/mnt $D/mnt2
	truncate -s 1G $D/disk.img; truncate -s 1G $D/disk2.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	losetup -f --show --direct-io=on $D/disk2.img >> $D/loopdev
	set -- $(cat $D/loopdev)
	mkfs.ext4 -q -F $1; mkfs.ext4 -q -F $2
	mount -o sync $1 $D/mnt; mount $2 $D/mnt2
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
	umount $D/mnt $D/mnt2
	for l in $(cat $D/loopdev); do losetup -d $l; done
	rmdir $CG
	rm -f $D/disk.img $D/disk2.img;;
esac
