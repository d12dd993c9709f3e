#!/bin/bash
# Round 43's slow storage (round 31's, via round 42's, throttle.sh adapted: own paths, own cgroup, one device, own limits).
# Run as root: `throttle.sh up` before the runs, `throttle.sh down` after.
# A file-backed loop device (losetup --direct-io=on, 3 GiB), ext4 mounted -o sync at /tmp/labels43/mnt: every
# write(2) reaches the throttled device before it returns, as on a parallel file system client without
# write-back; reads after a remount are cold. Limits for the cgroup labels43 as a whole (the ranks share
# them): write 24 MiB/s and 600 IOPS, read 48 MiB/s and 1200 IOPS. Only the run script's tree is in it.
set -e
D=/tmp/labels43; CG=/sys/fs/cgroup/blkio/labels43
case "$1" in
up)
	mkdir -p $D/mnt
	truncate -s 3G $D/disk.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount -o sync $(cat $D/loopdev) $D/mnt
	mkdir -p $CG
	mm=$(cat /sys/block/$(basename $(cat $D/loopdev))/dev)
	echo "$mm 25165824" > $CG/blkio.throttle.write_bps_device
	echo "$mm 50331648" > $CG/blkio.throttle.read_bps_device
	echo "$mm 600" > $CG/blkio.throttle.write_iops_device
	echo "$mm 1200" > $CG/blkio.throttle.read_iops_device
	cat $D/loopdev; echo "major:minor $mm";;
down)
	umount $D/mnt
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img;;
esac
