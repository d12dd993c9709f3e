#!/bin/bash
# Round 65's slow tier (run as root; `throttle.sh up` before the runs, `throttle.sh down` after), adapted
# from round 31's: one file-backed loop device in /tmp/labels65, ext4 mounted write-back (default), and a
# cgroup v1 blkio throttle "labels65" that holds only the run script's processes (run_all.sh writes its
# own pid into cgroup.procs; mpirun and the ranks inherit it). Buffered writes are written back by the
# kernel's flusher outside the cgroup; fsync, fdatasync, O_DIRECT and cold reads meet the throttle.
# Limits: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS, for the whole cgroup.
set -e
D=/tmp/labels65; CG=/sys/fs/cgroup/blkio/labels65
case "$1" in
up)
	mkdir -p $D/slow
	truncate -s 2G $D/slow.img
	losetup -f --show --direct-io=on $D/slow.img > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount $(cat $D/loopdev) $D/slow
	mkdir -p $CG
	mm=$(cat /sys/block/$(basename $(cat $D/loopdev))/dev)
	echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
	echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
	echo "$mm 400" > $CG/blkio.throttle.write_iops_device
	echo "$mm 800" > $CG/blkio.throttle.read_iops_device;;
down)
	umount $D/slow
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/slow.img;;
esac
