#!/bin/sh
# non-MPI programs under Darshan 3.5.0 (LD_PRELOAD, DARSHAN_ENABLE_NONMPI=1), as rounds 4-6
cd /tmp/labels7-run
L=/tmp/labels4-inst/lib/libdarshan.so
run() { name=$1; shift; echo "== $name: $*"; /usr/bin/env LD_PRELOAD=$L DARSHAN_ENABLE_NONMPI=1 DARSHAN_LOGFILE=/tmp/labels7-run/logs/r7-$name.darshan "$@"; echo "rc=$?"; }
dontneed() { python3 -c "import os,sys; fd=os.open(sys.argv[1],os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)" "$1"; }
mkdir -p out/dirs
dontneed in/input256.dat; run back-read ./ser backread in/input256.dat 1024
dontneed in/input1g.dat; run big-read-16m ./ser fwdread in/input1g.dat 16384
run config-rewrite ./ser rewrite out/app.conf 1000 2048
run producer ./ser produce out/pipe.dat 128
run consumer ./ser fwdread out/pipe.dat 1024
DARSHAN_CONFIG_PATH=/tmp/labels7-run/src/darshan-huge.conf run stat-storm ./ser stat in/stat 10000
run mkdir-rmdir ./ser mkdirs out/dirs 2000
