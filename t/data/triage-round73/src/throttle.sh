#!/bin/bash
# Round 73's slow storage, adapted from round 31's src/throttle.sh (run as root; `up` before the runs,
# `down` after). Two file-backed loop devices in /tmp/labels73, ext4, and a cgroup v1 blkio throttle
# (cgroup labels73) that holds only the run script's processes (run_all.sh writes its pid into cgroup.procs).
# first loop -> /tmp/labels73/mnt, mounted -o sync: every write(2) reaches the throttled device before it returns.
# second loop -> /tmp/labels73/mntwb, write-back: only fsync, O_DIRECT and cold reads meet the throttle.
# Limits on both, for the whole cgroup: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS.
set -e
D=/tmp/labels73; CG=/sys/fs/cgroup/blkio/labels73
case "$1" in
up)
	mkdir -p $D/mnt $D/mntwb
	truncate -s 1G $D/disk.img; truncate -s 512M $D/wb.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	losetup -f --show --direct-io=on $D/wb.img > $D/loopdev2
	mkfs.ext4 -q -F $(cat $D/loopdev); mkfs.ext4 -q -F $(cat $D/loopdev2)
	mount -o sync $(cat $D/loopdev) $D/mnt; mount $(cat $D/loopdev2) $D/mntwb
	mkdir -p $CG
	for l in $(cat $D/loopdev) $(cat $D/loopdev2); do
		mm=$(cat /sys/block/$(basename $l)/dev)
		echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
		echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
		echo "$mm 400" > $CG/blkio.throttle.write_iops_device
		echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	done
	# input (made outside the cgroup): 256 MiB of random doubles' bytes for the pread job
	mkdir -p $D/mnt/in $D/mnt/out $D/mntwb/out
	head -c $((256*1024*1024)) /dev/urandom > $D/mnt/in/field.bin;;
down)
	umount $D/mnt; umount $D/mntwb
	losetup -d $(cat $D/loopdev); losetup -d $(cat $D/loopdev2)
	rmdir $CG
	rm -f $D/disk.img $D/wb.img;;
esac
