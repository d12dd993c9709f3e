#!/bin/bash
# Round 190's slow storage (adapted from round 169's throttle.sh; run as root; `throttle.sh up` before, `down` after).
# loop device /dev/loop190 (made with mknod if absent) -> /tmp/labels190/mnt190, ext4 mounted -o sync (every write(2)
# reaches the throttled device before it returns). Limits: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS
# for the whole cgroup v1 blkio group labels190.
set -e
D=/tmp/labels190; CG=/sys/fs/cgroup/blkio/labels190; L=/dev/loop190
case "$1" in
up)
	mkdir -p $D/mnt190
	[ -b $L ] || mknod $L b 7 190
	truncate -s 1G $D/disk190.img
	losetup --direct-io=on $L $D/disk190.img
	mkfs.ext4 -q -F $L
	mount -o sync $L $D/mnt190
	mkdir -p $CG
	mm=$(cat /sys/block/loop190/dev)
	echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
	echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
	echo "$mm 400" > $CG/blkio.throttle.write_iops_device
	echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	;;
down)
	umount $D/mnt190
	losetup -d $L
	rmdir $CG
	rm -f $L $D/disk190.img;;
esac
