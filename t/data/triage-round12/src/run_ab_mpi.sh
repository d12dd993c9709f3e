#!/bin/sh
# A B A B: strided 8 KiB collective reads (A) against contiguous 1 MiB (B), pages dropped first; then rank 3 writing 10x
# (A) against the same 208 MiB balanced, 52 MiB a rank (B), collective 4 MiB calls
cd /tmp/labels12-run
run() { name=$1; shift; echo "== $name ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np 4 -x LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so \
		-x DARSHAN_LOGFILE=/tmp/labels12-run/reruns/r12-$name.darshan "$@"; echo "rc=$?"; }
for k in 1 2; do
	./ser12 dontneed in/s64.dat; run coll-read-strided-ab$k ./par12 collread in/s64.dat strided 16
	./ser12 dontneed in/s64.dat; run coll-read-contig-ab$k ./par12 collread in/s64.dat contig 16
done
for k in 1 2 3; do
	rm -f out/skew.dat; run skew-rank3-ab$k ./par12 skew out/skew.dat 16 10
	rm -f out/skew.dat; run skew-balanced-ab$k ./par12 skew out/skew.dat 52 1
done
