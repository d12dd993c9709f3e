#!/bin/bash
# Round 191's slow storage (adapted from round 169's; run as root: `throttle.sh up` before the runs, `down` after).
# Two file-backed loop devices (losetup --direct-io=on): /tmp/labels191/mnt (ext4 -o sync: every write(2) reaches
# the throttled device before it returns) and /tmp/labels191/mnta (ext4, default async mount: for the fsync job).
# Limits per device, for the whole cgroup labels191: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS.
set -e
D=/tmp/labels191; CG=/sys/fs/cgroup/blkio/labels191
case "$1" in
up)
	mkdir -p $D/mnt $D/mnta
	truncate -s 1G $D/disk191s.img; truncate -s 512M $D/disk191a.img
	losetup -f --show --direct-io=on $D/disk191s.img > $D/loopdev
	losetup -f --show --direct-io=on $D/disk191a.img >> $D/loopdev
	set -- $(cat $D/loopdev)
	mkfs.ext4 -q -F -L lab191s $1; mkfs.ext4 -q -F -L lab191a $2
	mount -o sync $1 $D/mnt; mount $2 $D/mnta
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
	umount $D/mnt; umount $D/mnta
	for l in $(cat $D/loopdev); do losetup -d $l; done
	rmdir $CG
	rm -f $D/disk191s.img $D/disk191a.img;;
esac
