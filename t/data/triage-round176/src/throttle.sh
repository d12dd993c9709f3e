#!/bin/bash
# Round 176's slow storage (adapted from round 169's, from round 146's; run as root; `throttle.sh up` before the runs,
# `throttle.sh down` after). Two file-backed loop devices (--direct-io=on): mnt, ext4 mounted -o sync (every write(2)
# reaches the throttled device before it returns), and mnt2, ext4 with default (async, ordered) options, for the
# fsync job. Limits on each device: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS for the cgroup labels176.
set -e
D=/tmp/labels176; CG=/sys/fs/cgroup/blkio/labels176
case "$1" in
up)
	mkdir -p $D/mnt $D/mnt2
	[ -e $D/loopdev ] || { truncate -s 2G $D/disk.img
		losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
		mkfs.ext4 -q -F $(cat $D/loopdev); mount -o sync $(cat $D/loopdev) $D/mnt; }
	truncate -s 512M $D/disk2.img
	losetup -f --show --direct-io=on $D/disk2.img > $D/loopdev2
	mkfs.ext4 -q -F $(cat $D/loopdev2)
	mount $(cat $D/loopdev2) $D/mnt2
	mkdir -p $CG
	for l in $(cat $D/loopdev $D/loopdev2); do
		mm=$(cat /sys/block/$(basename $l)/dev)
		echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
		echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
		echo "$mm 400" > $CG/blkio.throttle.write_iops_device
		echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	done
	;;
down)
	umount $D/mnt $D/mnt2
	losetup -d $(cat $D/loopdev) $(cat $D/loopdev2)
	rmdir $CG
	rm -f $D/disk.img $D/disk2.img $D/loopdev $D/loopdev2;;
esac
