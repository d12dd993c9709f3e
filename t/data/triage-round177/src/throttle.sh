#!/bin/bash
# Round 177's slow storage (adapted from round 169's / 146's throttle.sh; run as root: `throttle.sh up` before the
# runs, `throttle.sh down` after). Two file-backed loop devices:
#   /tmp/labels177/mnt  ext4 mounted -o sync (every write(2) and create reaches the throttled device before it returns)
#   /tmp/labels177/mnt2 ext4 mounted with default options (writes go to the page cache; fsync reaches the device)
# Limits on both devices for the cgroup v1 blkio group labels177: write 32 MiB/s, read 64 MiB/s, 400 write and 800
# read IOPS.
set -e
D=/tmp/labels177; CG=/sys/fs/cgroup/blkio/labels177
case "$1" in
up)
	mkdir -p $D/mnt $D/mnt2 $CG
	: > $D/loopdev
	for m in mnt mnt2; do
		truncate -s 1G $D/disk-$m.img
		l=$(losetup -f --show --direct-io=on $D/disk-$m.img); echo $l >> $D/loopdev
		mkfs.ext4 -q -F $l
		if [ $m = mnt ]; then mount -o sync $l $D/$m; else mount $l $D/$m; fi
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
	rm -f $D/disk-mnt.img $D/disk-mnt2.img;;
esac
