#!/bin/bash
# Round 123's runs (labels123): bioinformatics sequence search and assembly. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf, local disk only (no throttle).
# PASS=lab: labelled logs (logs/r123-NAME) and each problem's twin (reruns/r123-labels123-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r123-labels123-PASS-NAME). The database (8 volumes of 32 MiB) and the 100
# query files are made once by `asm123 mkdb db 8 32 100` (not logged).
R=/tmp/labels123/run; S=/tmp/labels123/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r123-$1.darshan;; lab:W) echo $R/reruns/r123-labels123-tw-$1.darshan;;
	*:W) echo $R/reruns/r123-labels123-$PASS-tw-$1.darshan;; *) echo $R/reruns/r123-labels123-$PASS-$1.darshan;; esac; }
hdr() { echo "== $PASS $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
[ -f db/db.07 ] || { mkdir -p db/q; $S/asm123 mkdb db 8 32 100; }
# fine: 4 ranks, each loads its 2 database volumes (4 MiB reads), reads 40 query files (stdio), appends hits (stdio)
only search && { fresh o/search; mpi search L 4 $S/blast123 db 8 40 o/search stdio; }
# tempting: the same search with a write(2)+fsync per hit line; twin: stdio hit tables
only hitfsync && { fresh o/hf; DXT=1 mpi hitfsync L 4 $S/blast123 db 8 40 o/hf fsync; fresh o/hf; DXT=1 mpi hitfsync-stdio W 4 $S/blast123 db 8 40 o/hf stdio; }
# fine: numpy helper summarising the search's 4 hit tables
only hitsum && { fresh o/sum; one hitsum L /usr/bin/python3 $S/hitsum123.py o/search o/sum; }
# fine: serial assembler pass, 32 MiB reads file, 64 MiB k-mer table written and re-read in 1 MiB requests
only asm && { fresh o/asm; one asm L $S/asm123 asm db/db.00 o/asm 1048576; }
# problem: the same with the table re-read in 32-byte read(2) calls (2 Mi reads); twin: 1 MiB re-reads
only asmtiny && { fresh o/at; one asmtiny L $S/asm123 asm db/db.00 o/at 32; fresh o/at; one asmtiny-1m W $S/asm123 asm db/db.00 o/at 1048576; }
ls -l logs reruns | tail -3
