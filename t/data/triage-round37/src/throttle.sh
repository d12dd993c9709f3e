#!/bin/bash
# Round 37's slow storage, copied from round 34's (itself as round 31's) (src/throttle.sh there) with its own names (run as root;
# `throttle.sh up` before the runs, `throttle.sh down` after). Two file-backed loop devices in /tmp/labels37
# (losetup --direct-io=on, so the host's page cache does not hide the device), ext4, and a cgroup v1 blkio
# throttle /sys/fs/cgroup/blkio/labels37 that holds only the run scripts' processes (run_all.sh writes its own
# pid into cgroup.procs; the programs inherit it).
# first loop -> /tmp/labels37/mnt, mounted -o sync: every write(2) reaches the throttled device before it
#   returns, as on a parallel file system without client write-back; inputs and most outputs live here.
# second loop -> /tmp/labels37/mntwb, write-back (default ext4): only fsync, O_DIRECT and cold reads meet the
#   throttle there (cgroup v1 does not charge the kernel flusher's writeback to the writer).
# Limits on both: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS, for the cgroup as a whole.
set -e
D=/tmp/labels37; CG=/sys/fs/cgroup/blkio/labels37
case "$1" in
up)
	mkdir -p $D/mnt $D/mntwb
	truncate -s 3G $D/disk.img; truncate -s 1G $D/wb.img
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
	# inputs (made outside the cgroup): a source tree (copies of /usr/include/linux and /usr/include/c++),
	# a 48 MB text file of random hex words (sort, gzip)
	mkdir -p $D/mnt/in/tree
	cp -r /usr/include/linux /usr/include/c++ $D/mnt/in/tree/
	head -c 48000000 /dev/urandom | od -An -tx8 -w16 | head -c 48000000 > $D/mnt/in/lines.txt;;
down)
	umount $D/mnt; umount $D/mntwb
	losetup -d $(cat $D/loopdev); losetup -d $(cat $D/loopdev2)
	rmdir $CG
	rm -f $D/disk.img $D/wb.img;;
esac
