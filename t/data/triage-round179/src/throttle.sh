#!/bin/bash
# Round 179's slow storage (adapted from round 169's, itself round 146's; run as root; `throttle.sh up` before the
# runs, `throttle.sh down` after). Two file-backed loop devices of this round's own:
#   disk.img  -> /tmp/labels179/mnt,  ext4 mounted -o sync (every write(2) reaches the throttled device before it returns)
#   diska.img -> /tmp/labels179/mnta, ext4 mounted with default options (writes go to the page cache; fsync reaches the device)
# Limits on each device: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS for the whole cgroup labels179.
set -e
D=/tmp/labels179; CG=/sys/fs/cgroup/blkio/labels179
case "$1" in
up)
	mkdir -p $D/mnt $D/mnta
	truncate -s 1G $D/disk.img; truncate -s 1G $D/diska.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	losetup -f --show --direct-io=on $D/diska.img >> $D/loopdev
	set -- $(cat $D/loopdev)
	mkfs.ext4 -q -F $1; mkfs.ext4 -q -F $2
	mount -o sync $1 $D/mnt
	mount $2 $D/mnta
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
	rm -f $D/disk.img $D/diska.img;;
esac
