#!/bin/bash
# Round 61's slow storage, adapted from round 31's (run as root; `throttle.sh up` before, `down` after).
# One file-backed loop device in /tmp/labels61, ext4 mounted -o sync (every write(2) reaches the
# throttled device before it returns, as on a parallel file system without client write-back), behind a
# cgroup v1 blkio throttle "labels61" that holds only the run script's processes (run_all.sh writes its
# pid into cgroup.procs; mpirun and the ranks inherit it). Limits for the whole cgroup, shared by the
# ranks: write 32 MiB/s and 400 IOPS, read 64 MiB/s and 800 IOPS.
set -e
D=/tmp/labels61; CG=/sys/fs/cgroup/blkio/labels61
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
	mkdir -p $D/mnt/in $D/mnt/out
	head -c $((256*1024*1024)) /dev/urandom > $D/mnt/in/data.bin;;
down)
	umount $D/mnt
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img;;
esac
