#!/bin/bash
# Round 34's runs: serial programs a user runs on a login or compute node, each one process under the real
# Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is, DARSHAN_ENABLE_NONMPI=1), on THROTTLED storage:
# /tmp/labels34/mnt (ext4 on a loop device, mounted -o sync) and /tmp/labels34/mntwb (write-back), both limited by
# the blkio cgroup labels34 (src/throttle.sh). This shell joins the cgroup; every program inherits it.
# Before each run both file systems are unmounted and mounted again, so every run starts with a cold cache.
# LOGS=dir PFX=name prefix ONLY="names".
R=/tmp/labels34/run; SRC=/work/labels34/t/data/triage-round34/src; S=/tmp/labels34/mnt; W=/tmp/labels34/mntwb
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; PY=/usr/bin/python3
LOGS=${LOGS:-logs}; PFX=${PFX:-r34-}
echo $$ > /sys/fs/cgroup/blkio/labels34/cgroup.procs
cd $R; mkdir -p $LOGS
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels34/loopdev) $S && umount $W && mount $(cat /tmp/labels34/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg)): $2"; }
ser() { name=$1; shift; cold; hdr "$name" "$*"; local s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf \
		${DXT:+DXT_ENABLE_IO_TRACE=1} DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan "$@" >$R/$LOGS/$PFX$name.out 2>&1
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
mkdir -p $S/out $W/out
# the archive untar reads: made once without Darshan
[ -f $S/out/src.tar ] || tar -cf $S/out/src.tar -C $S/in tree
# sort's input: the first 12 MB of lines.txt (the whole 48 MB took 37-65+ s on this storage), made once
[ -f $S/in/lines12.txt ] || head -c 12000000 $S/in/lines.txt > $S/in/lines12.txt
only tar-c       && { rm -f $S/out/tree.tar; ser tar-c tar -cf $S/out/tree.tar -C $S/in tree; }
only tar-c-big   && { rm -f $S/out/tree.tar; ser tar-c-big tar -b 2048 -cf $S/out/tree.tar -C $S/in tree; }
only untar       && { rm -rf $S/out/x; mkdir -p $S/out/x; ser untar tar -xf $S/out/src.tar -C $S/out/x; }
only rsync       && { rm -rf $S/out/rs; ser rsync rsync -a --whole-file $S/in/tree/ $S/out/rs/; }
only sqlite-row  && { rm -f $W/out/t.db; $SRC/sqlgen34.sh ${NSQL:-1000} row > $R/row.sql; ser sqlite-row sqlite3 $W/out/t.db ".read $R/row.sql"; }
only sqlite-batch && { rm -f $W/out/t.db; $SRC/sqlgen34.sh ${NSQL:-1000} batch > $R/batch.sql; ser sqlite-batch sqlite3 $W/out/t.db ".read $R/batch.sql"; }
only csv-flush   && { rm -f $S/out/res.csv; DXT=1 ser csv-flush $PY $SRC/csv34.py $S/out/res.csv ${NCSV:-3000} flush; }
only csv-buf     && { rm -f $S/out/res.csv; DXT=1 ser csv-buf $PY $SRC/csv34.py $S/out/res.csv ${NCSV:-3000} buffered; }
only rec512      && { rm -f $S/out/rec.bin; ser rec512 $R/recw34 $S/out/rec.bin ${NREC:-4000} 512 each; }
only rec-one     && { rm -f $S/out/rec.bin; ser rec-one $R/recw34 $S/out/rec.bin ${NREC:-4000} 512 one; }
only grep-r      && { ser grep-r grep -r -c zzqqxx_not_there $S/in/tree; }
only sort        && { rm -f $S/out/sorted; ser sort sort -S 1M -T $S/out -o $S/out/sorted $S/in/lines12.txt; }
only sort-big    && { rm -f $S/out/sorted; ser sort-big sort -S 200M -T $S/out -o $S/out/sorted $S/in/lines12.txt; }
only h5-many     && { rm -f $S/out/m.h5; ser h5-many $PY $SRC/h5many34.py $S/out/m.h5 ${NH5:-2000} many; }
only h5-one      && { rm -f $S/out/m.h5; ser h5-one $PY $SRC/h5many34.py $S/out/m.h5 ${NH5:-2000} one; }
only logfsync    && { rm -f $W/out/app.log; DXT=1 ser logfsync $R/logfs34 $W/out/app.log ${NLOG:-1500} ${SPIN:-100000} each; }
only logfsync-end && { rm -f $W/out/app.log; DXT=1 ser logfsync-end $R/logfs34 $W/out/app.log ${NLOG:-1500} ${SPIN:-100000} end; }
only gzip        && { rm -f $S/out/lines.txt*; cp $S/in/lines.txt $S/out/; ser gzip gzip -k -f $S/out/lines.txt; }
only gunzip      && { [ -f $S/out/lines.txt.gz ] || gzip -k -f $S/out/lines.txt; rm -f $S/out/lines.txt; ser gunzip gzip -d -k -f $S/out/lines.txt.gz; }
only dd-copy     && { rm -f $S/out/copy.txt; ser dd-copy dd if=$S/in/lines.txt of=$S/out/copy.txt bs=4M; }
ls -l $LOGS | tail -n +2 | awk '{print "   ", $5, $9}'
