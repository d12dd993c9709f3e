#!/bin/bash
# Round 170's slow storage (adapted from round 169's, itself round 146's; run as root; `throttle.sh up` before the
# runs, `throttle.sh down` after). Two 2 GiB file-backed loop devices (losetup --direct-io=on):
#   /tmp/labels170/mnt  ext4 mounted -o sync (every write(2) reaches the throttled device before it returns)
#   /tmp/labels170/mnta ext4 mounted without sync (page cache; fsync and cold reads reach the throttled device)
# Limits on each device, cgroup v1 blkio `labels170`: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS.
# (cgroup v1 throttles I/O the process submits itself: sync writes, fsync, reads; not the flusher's writeback.)
set -e
D=/tmp/labels170; CG=/sys/fs/cgroup/blkio/labels170
case "$1" in
up)
	mkdir -p $D/mnt $D/mnta $CG
	: > $D/loopdev
	for m in mnt mnta; do
		truncate -s 2G $D/disk-$m.img
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
	umount $D/mnt $D/mnta
	for l in $(cat $D/loopdev); do losetup -d $l; done
	rmdir $CG
	rm -f $D/disk-mnt.img $D/disk-mnta.img;;
esac
