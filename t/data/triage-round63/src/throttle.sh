#!/bin/bash
# Round 63's slow storage, adapted from round 31's throttle.sh (run as root; `up` before, `down` after).
# One file-backed loop device, ext4 mounted -o sync on /tmp/labels63/mnt: every write(2) reaches the
# throttled device before it returns, as on a parallel file system without client write-back.
# cgroup v1 blkio "labels63" holds only the run script's processes (run_all.sh writes its pid into
# cgroup.procs). Limits: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS for the whole cgroup.
set -e
D=/tmp/labels63; CG=/sys/fs/cgroup/blkio/labels63
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
	mkdir -p $D/mnt/in $D/mnt/out
	# the CFD restart file (1024 x 1024 float64, 8 MiB, numpy default_rng(63)), made outside the cgroup
	/usr/bin/python3 -c 'import numpy as np; np.random.default_rng(63).random(1024*1024).tofile("'$D'/mnt/in/restart.dat")';;
down)
	umount $D/mnt
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img;;
esac
