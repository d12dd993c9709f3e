#!/bin/bash
# Round 77's slow storage, adapted from round 31's src/throttle.sh (run as root; `throttle.sh up` before the
# runs, `throttle.sh down` after). One file-backed loop device, ext4, mounted -o sync at /tmp/labels77/mnt
# (every write(2) reaches the throttled device before it returns, as on a parallel file system without
# client write-back), and a cgroup v1 blkio throttle "labels77" holding only the run script's processes
# (run_all.sh writes its pid into cgroup.procs; mpirun and the ranks inherit it).
# Limits: read 64 MiB/s, write 32 MiB/s, 800 read and 400 write IOPS, for the whole cgroup.
set -e
D=/tmp/labels77; CG=/sys/fs/cgroup/blkio/labels77
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
	echo "$mm 800" > $CG/blkio.throttle.read_iops_device;;
down)
	umount $D/mnt
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img;;
esac
