#!/bin/bash
# Round 41's slow storage (round 31's throttle.sh adapted: own paths, own cgroup, limits of a parallel file
# system's client serving many small files). Run as root: `throttle.sh up` before the runs, `down` after.
# loop A -> /tmp/labels41/mnt, ext4 mounted -o sync: every write(2) reaches the throttled device before it
#   returns (a parallel file system client without write-back); the per-step log runs here.
# loop B -> /tmp/labels41/mntwb, ext4 write-back: only fsync, O_DIRECT and cold reads meet the throttle; the
#   dataset (read cold: the programs drop each file's pages after reading it) and the checkpoints live here.
# Limits on both, for the cgroup labels41 as a whole (the ranks share them): read 2000 IOPS and 100 MiB/s,
# write 500 IOPS and 50 MiB/s. Only the run script's process tree is in the cgroup.
set -e
D=/tmp/labels41; CG=/sys/fs/cgroup/blkio/labels41
case "$1" in
up)
	mkdir -p $D/mnt $D/mntwb
	truncate -s 1G $D/disk.img; truncate -s 2G $D/wb.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	losetup -f --show --direct-io=on $D/wb.img > $D/loopdev2
	mkfs.ext4 -q -F $(cat $D/loopdev); mkfs.ext4 -q -F $(cat $D/loopdev2)
	mount -o sync $(cat $D/loopdev) $D/mnt; mount $(cat $D/loopdev2) $D/mntwb
	mkdir -p $CG
	for l in $(cat $D/loopdev) $(cat $D/loopdev2); do
		mm=$(cat /sys/block/$(basename $l)/dev)
		echo "$mm 104857600" > $CG/blkio.throttle.read_bps_device
		echo "$mm 52428800" > $CG/blkio.throttle.write_bps_device
		echo "$mm 2000" > $CG/blkio.throttle.read_iops_device
		echo "$mm 500" > $CG/blkio.throttle.write_iops_device
	done;;
down)
	umount $D/mnt; umount $D/mntwb
	losetup -d $(cat $D/loopdev); losetup -d $(cat $D/loopdev2)
	rmdir $CG
	rm -f $D/disk.img $D/wb.img;;
esac
