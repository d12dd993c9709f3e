#!/bin/bash
# Round 70's slow storage, adapted from round 31's src/throttle.sh (run as root; `up` before the runs,
# `down` after). Two file-backed loop devices in /tmp/labels70, ext4, and a cgroup v1 blkio throttle
# (cgroup labels70) that holds only the run script's processes (run_all.sh writes its pid into cgroup.procs).
# first loop -> /tmp/labels70/mnt, mounted -o sync: every write(2) reaches the throttled device before it returns.
# second loop -> /tmp/labels70/mntwb, write-back: only fsync, O_DIRECT and cold reads meet the throttle.
# Limits on both, for the whole cgroup: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS.
set -e
D=/tmp/labels70; CG=/sys/fs/cgroup/blkio/labels70
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
	# inputs (made outside the cgroup): a 2 MB input deck and a 64 KiB unit-test fixture
	mkdir -p $D/mnt/in $D/mnt/out $D/mntwb/out
	awk 'BEGIN{srand(70); for(i=0;i<50000;i++) printf "param_%06d = %.10f %d\n", i, rand()*1000, int(rand()*1e6)}' > $D/mnt/in/deck.in
	head -c 65536 /dev/urandom > $D/mnt/in/fixture.dat;;
down)
	umount $D/mnt; umount $D/mntwb
	losetup -d $(cat $D/loopdev); losetup -d $(cat $D/loopdev2)
	rmdir $CG
	rm -f $D/disk.img $D/wb.img;;
esac
