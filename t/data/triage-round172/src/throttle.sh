#!/bin/bash
# Round 172's slow storage (adapted from round 169's / 146's throttle.sh; run as root: `throttle.sh up` before the runs,
# `throttle.sh down` after). Two file-backed loop devices of its own, both under one cgroup v1 blkio throttle labels172:
#   /tmp/labels172/mnt   ext4 mounted -o sync (every write(2) reaches the throttled device before it returns)
#   /tmp/labels172/mnt2  ext4 mounted with default options (writes go to the page cache; fsync reaches the device)
# Limits per device: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS (for the whole cgroup).
set -e
D=/tmp/labels172; CG=/sys/fs/cgroup/blkio/labels172
case "$1" in
up)
	mkdir -p $D/mnt $D/mnt2 $CG
	for n in 1 2; do
		truncate -s 1G $D/disk$n.img
		losetup -f --show --direct-io=on $D/disk$n.img > $D/loopdev$n
		mkfs.ext4 -q -F $(cat $D/loopdev$n)
		l=$(cat $D/loopdev$n); mm=$(cat /sys/block/$(basename $l)/dev)
		echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
		echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
		echo "$mm 400" > $CG/blkio.throttle.write_iops_device
		echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	done
	mount -o sync $(cat $D/loopdev1) $D/mnt
	mount $(cat $D/loopdev2) $D/mnt2
	;;
down)
	umount $D/mnt; umount $D/mnt2
	losetup -d $(cat $D/loopdev1); losetup -d $(cat $D/loopdev2)
	rmdir $CG
	rm -f $D/disk1.img $D/disk2.img;;
esac
