#!/bin/sh
# after the scoring: buffered 4 KiB reads of 64 MiB against 1 MiB reads (dd, no Darshan), pages dropped before each
cd /tmp/labels13-run
for k in 1 2 3 4; do
	for bs in 4096 1048576; do
		./ser13 dontneed in/g1.dat
		t0=$(date +%s.%N); dd if=in/g1.dat of=/dev/null bs=$bs count=$((67108864 / bs)) 2>/dev/null; t1=$(date +%s.%N)
		echo "pair $k bs $bs: $(echo "$t1 - $t0" | bc) s (load $(cut -d' ' -f1 /proc/loadavg))"
	done
done
