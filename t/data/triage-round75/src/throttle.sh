#!/bin/bash
# Round 75's slow storage, adapted from round 31's (via round 71's) src/throttle.sh (run as root; `up` before the
# runs, `down` after). One file-backed loop device in /tmp/labels75, ext4 mounted -o sync (every write(2) reaches
# the throttled device before it returns, as on a parallel file system without client write-back), and a cgroup v1
# blkio throttle (cgroup labels75) that holds only the run script's processes (run_all.sh writes its pid into
# cgroup.procs; mpirun and the ranks inherit it). Limits for the whole cgroup: write 32 MiB/s, read 64 MiB/s,
# 400 write and 800 read IOPS.
set -e
D=/tmp/labels75; CG=/sys/fs/cgroup/blkio/labels75
case "$1" in
up)
	mkdir -p $D/mnt
	truncate -s 1G $D/disk.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount -o sync $(cat $D/loopdev) $D/mnt
	mkdir -p $CG
	mm=$(cat /sys/block/$(basename $(cat $D/loopdev))/dev)
	echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
	echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
	echo "$mm 400" > $CG/blkio.throttle.write_iops_device
	echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	mkdir -p $D/mnt/case;;
down)
	umount $D/mnt
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img;;
esac
