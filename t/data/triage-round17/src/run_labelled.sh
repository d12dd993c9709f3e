#!/bin/sh
# Round 17's labelled runs under Darshan 3.5.0 (/tmp/labels14/darshan-rt: POSIX, MPI-IO, STDIO, DXT, HEATMAP)
cd /tmp/labels17/run
mkdir -p logs out/steps out/stepa out/fsc out/fse out/rot out/split
LIB=/tmp/labels14/darshan-rt/lib/libdarshan.so
mrun() { name=$1 np=$2; shift 2; echo "== $name (np $np): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$LIB \
		-x DARSHAN_CONFIG_PATH=/tmp/labels17/run/src/darshan-big.conf \
		-x DARSHAN_LOGFILE=/tmp/labels17/run/logs/r17-$name.darshan "$@"; echo "rc=$?"; }
srun() { name=$1; shift; echo "== $name: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=$LIB DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 \
		DARSHAN_LOGFILE=/tmp/labels17/run/logs/r17-$name.darshan "$@"; echo "rc=$?"; }
[ -f in/text1g.txt ] || ./ser17 mktext in/text1g.txt 1024
rm -rf out/steps/*; mrun stepdirs-many 4 ./par17 stepdirs out/steps 5 100 8192 many
rm -rf out/stepa/*; mrun stepdirs-agg 4 ./par17 stepdirs out/stepa 5 100 8192 agg
rm -f out/st.dat; mrun straggler 4 ./par17 straggle out/st.dat 64 2 3
rm -f out/st.dat; mrun nostraggler 4 ./par17 straggle out/st.dat 64 2 0
rm -f out/ring.dat; mrun ringread 4 ./par17 ringread out/ring.dat 64
./ser17 dontneed in/text1g.txt; mrun hdr-reread 8 ./par17 hdr in/text1g.txt 2000 each
rm -f out/fsc/*; srun fsync-close 1 ./ser17 fsyncclose out/fsc 200 1024 each
rm -f out/fse/*; srun syncfs-end 1 ./ser17 fsyncclose out/fse 200 1024 end
rm -f out/rot/*; srun logrotate ./ser17 logrot out/rot/app.log 400000 4194304
./ser17 dontneed in/text1g.txt; srun grep-1g sh -c 'grep -c op=write in/text1g.txt'
srun awk-1g sh -c "awk -F'bytes=' '{split(\$2,a,\" \"); s+=a[1]} END {print s}' in/text1g.txt"
rm -f out/split/*; srun split-1g sh -c 'split -b 16M in/text1g.txt out/split/piece.'
