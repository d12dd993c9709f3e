#!/bin/bash
# Round 37's runs (round 34's run_all.sh with its own programs): serial programs, each one process under the real
# Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is, DARSHAN_ENABLE_NONMPI=1), on THROTTLED storage:
# /tmp/labels37/mnt (ext4 on a loop device, mounted -o sync) and /tmp/labels37/mntwb (write-back), both limited by
# the blkio cgroup labels37 (src/throttle.sh; inputs by src/prep37.sh). This shell joins the cgroup; every program
# inherits it. Before each run both file systems are unmounted and mounted again (cold cache).
# LOGS=dir PFX=name prefix ONLY="names".
R=/tmp/labels37/run; SRC=/work/labels37/t/data/triage-round37/src; S=/tmp/labels37/mnt; W=/tmp/labels37/mntwb
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; PY=/usr/bin/python3; V=$S/venv/bin
LOGS=${LOGS:-logs}; PFX=${PFX:-r37-}
echo $$ > /sys/fs/cgroup/blkio/labels37/cgroup.procs
mkdir -p $R; cd $R; mkdir -p $LOGS
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels37/loopdev) $S && umount $W && mount $(cat /tmp/labels37/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg)): $2"; }
# ser NAME PROG ARGS: one run; its stdout goes to OUT if set (cat's), else to LOGS/NAME.out. APP=regex: a program
# that forks (pip, make) logs only the process whose command line matches (Darshan's APP_EXCLUDE/APP_INCLUDE);
# without it every child writes the one DARSHAN_LOGFILE and the first to finish is kept
# (the others do not overwrite it). (pip: "python" keeps the pip process, not its lsb_release shell children.)
ser() { name=$1; shift; local app=(); [ -n "$APP" ] && app=("DARSHAN_APP_EXCLUDE=.*" "DARSHAN_APP_INCLUDE=$APP"); cold; hdr "$name" "$*"; local s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$SRC/darshan-big.conf \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "${app[@]}" DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan "$@" >${OUT:-$R/$LOGS/$PFX$name.out} 2>$R/$LOGS/$PFX$name.err
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
mkdir -p $S/out $W/out
[ -x $R/preadb37 ] || gcc -O2 -Wall -Wextra -o $R/preadb37 $SRC/preadb37.c
only py-imports   && { ser py-imports $V/python $SRC/imp37.py 600 dir; }
only py-imports-zip && { ser py-imports-zip $V/python $SRC/imp37.py 600 $S/in/storm37.zip; }
only pip-install  && { $V/pip uninstall -y -q setuptools; APP=python ser pip-install $V/pip install --no-index --no-cache-dir -q $S/in/setuptools-66.1.1-py3-none-any.whl; }
only pip-nocompile && { $V/pip uninstall -y -q setuptools; APP=python ser pip-nocompile $V/pip install --no-index --no-cache-dir --no-compile -q $S/in/setuptools-66.1.1-py3-none-any.whl; }
# git: the clone (its pack transfer is three processes) is made without Darshan; the log is the checkout's
only git-checkout && { rm -rf $S/out/clone; git clone -q --no-checkout file://$S/in/repo $S/out/clone; ser git-checkout git -C $S/out/clone checkout -q -f master; }
only make         && { rm -rf $S/out/proj; cp -r $S/in/proj $S/out/; APP='^make' ser make make -s -C $S/out/proj; }
only find         && { ser find find $S/in/tree -name '*.h' -size +8k; }
only du           && { ser du du -s $S/in/tree; }
only xz           && { rm -f $S/out/lines12.txt*; cp $S/in/lines12.txt $S/out/; ser xz xz -k -f -T1 -1 $S/out/lines12.txt; }
only split        && { rm -rf $S/out/parts; mkdir -p $S/out/parts; ser split split -l 2000 $S/in/lines12.txt $S/out/parts/p; }
only cat          && { [ -d $S/out/parts ] || { mkdir -p $S/out/parts; split -l 2000 $S/in/lines12.txt $S/out/parts/p; }
	rm -f $S/out/joined; OUT=$S/out/joined ser cat cat $S/out/parts/p*; }
only perl-flush   && { rm -f $S/out/sel.txt; ser perl-flush perl $SRC/filt37.pl $S/in/lines12.txt $S/out/sel.txt flush; }
only perl-buf     && { rm -f $S/out/sel.txt; ser perl-buf perl $SRC/filt37.pl $S/in/lines12.txt $S/out/sel.txt buf; }
only awk          && { ser awk awk '{n[substr($1,1,1)]++} END{for(k in n) print k, n[k]}' $S/in/lines.txt; }
only pickle-many  && { rm -rf $S/out/objs; ser pickle-many $PY $SRC/objs37.py $S/out/objs ${NOBJ:-1500} many; }
only json-one     && { rm -f $S/out/objs.json; ser json-one $PY $SRC/objs37.py $S/out/objs.json ${NOBJ:-1500} one; }
for j in wal:WAL del:DELETE; do m=${j%%:*}; J=${j#*:}
	only sqlite-$m && { rm -f $W/out/t.db*; $SRC/sqlgen37.sh ${NSQL:-600} row $J > $R/$m.sql; ser sqlite-$m sqlite3 $W/out/t.db ".read $R/$m.sql"; }
	only sqlite-$m-batch && { rm -f $W/out/t.db*; $SRC/sqlgen37.sh ${NSQL:-600} batch $J > $R/$m-b.sql; ser sqlite-$m-batch sqlite3 $W/out/t.db ".read $R/$m-b.sql"; }
done
only preadback    && { ser preadback $R/preadb37 $S/in/data16.bin 4096 back; }
only preadfwd     && { ser preadfwd $R/preadb37 $S/in/data16.bin 4096 fwd; }
only cp           && { rm -f $S/out/copy.txt; ser cp cp $S/in/lines.txt $S/out/copy.txt; }
ls -l $LOGS | grep darshan | awk '{print "   ", $5, $9}'
