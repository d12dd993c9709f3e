#!/bin/bash
# Round 184's slow storage (adapted from round 169's throttle.sh; run as root; `throttle.sh up` / `throttle.sh down`).
# Two 1 GiB file-backed loop devices: /tmp/labels184/mnt (ext4 -o sync: every write(2) reaches the device before it
# returns) and /tmp/labels184/mnta (ext4, default async mount: writes land in the page cache, fsync goes to the device).
# cgroup v1 blkio labels184: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS per device.
set -e
D=/tmp/labels184; CG=/sys/fs/cgroup/blkio/labels184
case "$1" in
up)
	mkdir -p $D/mnt $D/mnta $CG
	for m in mnt mnta; do
		truncate -s 1G $D/disk-$m.img
		losetup -f --show --direct-io=on $D/disk-$m.img > $D/loopdev-$m
		mkfs.ext4 -q -F $(cat $D/loopdev-$m)
		[ $m = mnt ] && o="-o sync" || o=""
		mount $o $(cat $D/loopdev-$m) $D/$m
		mm=$(cat /sys/block/$(basename $(cat $D/loopdev-$m))/dev)
		echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
		echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
		echo "$mm 400" > $CG/blkio.throttle.write_iops_device
		echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	done
	;;
down)
	for m in mnt mnta; do umount $D/$m; losetup -d $(cat $D/loopdev-$m); rm -f $D/disk-$m.img; done
	rmdir $CG;;
esac
