#!/bin/bash
# Round 47's slow storage, adapted from round 31's/46's throttle.sh (run as root; `throttle.sh up` before the
# runs, `throttle.sh down` after). One file-backed loop device in /tmp/labels47 (losetup --direct-io=on, so
# the host's page cache does not hide the device), ext4 mounted -o sync (every write(2) reaches the throttled
# device before it returns, as on a parallel file system without client write-back), and a cgroup v1 blkio
# throttle /sys/fs/cgroup/blkio/labels47 holding the job AND its neighbour (run_all.sh puts its own pid in
# cgroup.procs; mpirun, the ranks and the neighbour inherit it), so they share the device's bandwidth as
# jobs share a centre's file system.
# Limits: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS, for the whole cgroup.
set -e
D=/tmp/labels47; CG=/sys/fs/cgroup/blkio/labels47
case "$1" in
up)
	mkdir -p $D/mnt
	truncate -s 2G $D/disk.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount -o sync $(cat $D/loopdev) $D/mnt
	mkdir -p $CG
	mm=$(cat /sys/block/$(basename $(cat $D/loopdev))/dev)
	echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
	echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
	echo "$mm 400" > $CG/blkio.throttle.write_iops_device
	echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	mkdir -p $D/mnt/in $D/mnt/out $D/mnt/nb;;
remount)	# cold cache for the next run's reads
	umount $D/mnt; mount -o sync $(cat $D/loopdev) $D/mnt;;
down)
	umount $D/mnt
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img;;
esac
