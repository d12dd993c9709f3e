# t/lib.sh: a small TAP library for the shell tests, in the spirit of
# sharness.  Source it, then call ok/is/skip_all and done_testing.
#   IOLENS  the binary under test (set by make check)
#   SHARED  ../shared (tests that need it skip when it is absent)

set -u
# descriptors 3-9 a caller left open are not the test's: a traced
# program's first file is descriptor 3 in the tests' expected traces
# (under /usr/bin/time -o, whose file the children inherit as 3, five
# strace tests saw write(4, ...) and failed)
exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
: "${IOLENS:=$(cd "$(dirname "$0")/.." && pwd)/bin/iolens}"
TOP=$(cd "$(dirname "$0")/.." && pwd)
SAMPLES=$TOP/sample-logs
SHARED=${SHARED:-$(cd "$TOP/.." && pwd)/shared}
# the store keeps logs by their real path: tests that look a log up by
# path use the same, when shared is a symbolic link
[ -d "$SHARED" ] && SHARED=$(cd "$SHARED" && pwd -P)
export LC_ALL=C TZ=UTC
# font caches that live as long as the process are not ours to free
# (print_suppressions=0: stderr stays the one line the tests compare)
LSAN_OPTIONS=suppressions=$TOP/t/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}
export LSAN_OPTIONS
_n=0
_fail=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/iolens-t.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# caches (the replay's compiled scripts, the strace calibration) of the
# test's own, never the user's
XDG_CACHE_HOME=$TMP/xdg-cache
export XDG_CACHE_HOME
# no site configuration but a test's own (man/iolens-config.1): not the
# machine's /etc/iolens/config, the user's file or IOLENS_* variables
IOLENS_CONFIG=/dev/null
XDG_CONFIG_HOME=$TMP/xdg-config
export IOLENS_CONFIG XDG_CONFIG_HOME
unset IOLENS_DB IOLENS_PROCS_PER_NODE IOLENS_EXCLUDE IOLENS_SERVE_LISTEN IOLENS_SERVE_LOGS

if [ -n "${VALGRIND:-}" ]; then
	RUN="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --suppressions=$TOP/t/valgrind.supp $IOLENS"
else
	RUN=$IOLENS
fi

ok() {	# ok <status> <description>
	_n=$((_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $_n - $2"
	else
		echo "not ok $_n - $2"
		_fail=$((_fail + 1))
	fi
}

is() {	# is <got> <expected> <description>
	_n=$((_n + 1))
	if [ "$1" = "$2" ]; then
		echo "ok $_n - $3"
	else
		echo "not ok $_n - $3"
		echo "#   got:      '$1'"
		echo "#   expected: '$2'"
		_fail=$((_fail + 1))
	fi
}

diag() { echo "# $*"; }

skip() {	# skip <reason> [count]: count tests skipped
	_k=${2:-1}
	while [ "$_k" -gt 0 ]; do
		_n=$((_n + 1))
		echo "ok $_n # SKIP $1"
		_k=$((_k - 1))
	done
}

skip_all() { echo "1..0 # SKIP $*"; exit 0; }

need_shared() {
	[ -d "$SHARED/corpus" ] || skip_all "../shared is not present"
}

# cat a file that may be stored .xz
# have_strace_k: strace is here and can print stacks (-k)
have_strace_k() {
	command -v strace > /dev/null && strace -k -o /dev/null true 2> /dev/null
}
# need_strace_k: skip the file unless strace -k and a C compiler are here
# and the binaries are not sanitized (strace under ASan is not the program)
need_strace_k() {
	[ -z "${SANITIZE:-}" ] || skip_all "strace under SANITIZE"
	have_strace_k || skip_all "no strace with -k"
	command -v cc > /dev/null || skip_all "no C compiler"
}
# need_code: the whole test skipped without libclang's module, which
# `blocks --source` loads (bin/iolens-code.so)
need_code() {
	[ -f "$(dirname "$IOLENS")/iolens-code.so" ] || skip_all "bin/iolens-code.so is not built (no libclang)"
}
# source_csv NAME: t/data/blocks/NAME copied into $TMP, the directory
# after, and predicted by `blocks --source` into s.csv, with a test that
# it ran clean; the file skipped without libclang's module
source_csv() {
	need_code
	cd "$TMP" || exit 1
	cp "$TOP/t/data/blocks/$1" . || exit 1
	$RUN blocks --source --format=csv "$1" > s.csv 2> err
	is "$?:$(cat err)" "0:" "blocks --source runs"
}
# json_bad FILE...: each FILE that is not one JSON document, a line each
# ("FILE: why"), by one python3 for all (its start is 0.1-0.2 CPU s
# here: a python3 a document was most of t/1003's time)
json_bad() {
	python3 -c '
import json, sys
for p in sys.argv[1:]:
    try:
        with open(p) as f:
            json.load(f)
    except Exception as e:
        print("%s: %s" % (p, e))' "$@"
}
# mpi_build: MPI_BIN, the MPI build (make MPI=1 TEST_HOOKS=1 with mpicc;
# the hooks act only under IOLENS_TEST_PAUSE), with a test that it was
# made: make check's, made once beside the plain build in .mpi-build
# (IOLENS_MPI), or else made here in a copy of the sources (a test run
# alone).  t/6004 and t/7002 made it each: 66 CPU s a test, most of it
# the build.
mpi_build() {
	if [ -n "${IOLENS_MPI:-}" ] && [ -x "$IOLENS_MPI" ]; then
		MPI_BIN=$IOLENS_MPI
		# make check failed if the build did: here, that the binary
		# it names is the MPI one
		ldd "$MPI_BIN" 2>/dev/null | grep -q 'libmpi'
		ok $? "make MPI=1 builds (made by make check: $IOLENS_MPI, linked to Open MPI)"
		return
	fi
	mkdir "$TMP/src"
	tar -C "$TOP" --exclude='*.o' --exclude='*.d' --exclude='*.a' --exclude='*.so' \
		-cf - Makefile lib cli cmd render serve tracer report-templates etc man | tar -C "$TMP/src" -xf -
	nice make -s -j2 -C "$TMP/src" MPI=1 TEST_HOOKS=1 CC=mpicc bin/iolens >"$TMP/build" 2>&1
	ok $? "make MPI=1 builds"
	sed 's/^/# /' "$TMP/build" | tail -5
	MPI_BIN=$TMP/src/bin/iolens
}
zcat_any() {
	case $1 in
	*.xz) xz -dc "$1" ;;
	*) cat "$1" ;;
	esac
}

# replay_refused TEXT MESSAGE DESCRIPTION: the replay script TEXT (a
# printf format) is refused in the sandbox $SB with exit 1 and one line
# on stderr that holds MESSAGE
replay_refused() {
	printf "$1" > "$TMP/bad.script"
	$RUN replay --allow-root --dir "$SB" "$TMP/bad.script" > /dev/null 2> "$TMP/err"
	_st=$?
	ok $([ $_st -eq 1 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && grep -q -- "$2" "$TMP/err"; echo $?) "$3 ($(cat "$TMP/err"))"
}

# tsv_col FILE CODE K: field K of the rows of FILE (`iolens triage
# --format tsv` output) whose code, field 2, is CODE
tsv_col() {
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}

# db_codes ARGS...: the warn and high codes ("codes" column) of each job
# `iolens triage ARGS --top all --format tsv` lists from a store
db_codes() {
	$RUN triage "$@" --top all --format tsv 2>/dev/null |
		awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "codes") c = i; next }
			{ print $c }'
}

# has_word WORDS WORD: yes when WORD is among the words WORDS, else no
has_word() {
	case " $1 " in *" $2 "*) echo yes ;; *) echo no ;; esac
}

done_testing() {
	echo "1..$_n"
	[ "$_fail" -eq 0 ]
}

# sheet BOOK N: sheet N of an XLSX workbook, a line a row, cells
# tab-separated in their columns, inline strings read (t/4001, t/4003)
sheet() {
	unzip -p "$1" "xl/worksheets/sheet$2.xml" | perl -e 'local $/; my $x = <STDIN>;
		for my $row ($x =~ m{<row [^>]*>(.*?)</row>}gs) {
			my @out;
			for my $c ($row =~ m{(<c [^>]*?(?:/>|>.*?</c>))}gs) {
				my ($ref) = $c =~ /r="([A-Z]+)\d+"/;
				my $col = 0;
				$col = $col * 26 + ord($_) - 64 for split //, $ref;
				my ($v) = $c =~ /t="inlineStr"/ ? $c =~ m{<t[^>]*>(.*?)</t>}s : $c =~ m{<v>(.*?)</v>};
				$out[$col - 1] = $v;
			}
			print join("\t", map { $_ // "" } @out), "\n";
		}'
}

# block_col CSV BLOCK KEY: column KEY of BLOCK's row in a blocks CSV
# (its first column the block), the tests of t/data/blocks/ programs
block_col() {
	awk -F, -v b="$2" -v k="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } $1 == b { print $c[k] }' "$1"
}

# blocks_traced SRC BLOCK...: in the current directory, where s.csv holds
# `blocks --source --format=csv SRC`, the C program SRC compiled and run
# under `iolens trace --stacks`: blocks --source joined to its trace runs
# clean, each BLOCK's predicted write(2) are the measured ones, and main's
# and exit's predicted write(2) are what strace counts (2 + one test a
# BLOCK; skipped without the tracer, a C compiler or strace).
blocks_traced() {
	_src=$1
	shift
	_lib=$(dirname "$IOLENS")/iolens-trace.so
	if [ -f "$_lib" ] && command -v cc >/dev/null && cp "$_src" . &&
		cc -g -O0 -o prog "${_src##*/}" 2>/dev/null; then
		$RUN trace --stacks -o prog.it ./prog 2>/dev/null
		$RUN blocks --source --format=csv "${_src##*/}" prog.it >j.csv 2>err
		is "$?:$(cat err)" "0:" "joined to the program's trace"
		for _b in "$@"; do
			is "$(block_col j.csv "$_b" predicted_sys_writes)" "$(block_col j.csv "$_b" writes)" \
				"$_b: predicted write(2) are the measured"
		done
		if command -v strace >/dev/null && strace -f -o st.txt -e trace=write ./prog 2>/dev/null; then
			is "$(grep -c 'write([3-9],' st.txt)" \
				"$(($(block_col s.csv main sys_writes) + 0$(block_col s.csv '[loader]' sys_writes)))" \
				"main's and exit's predicted write(2) are strace's"
		else
			skip "no strace" 1
		fi
	else
		skip "no iolens-trace.so or no C compiler" $(($# + 2))
	fi
}

# vm_limit KB: `ulimit -v KB` for a memory bound, except under the
# sanitizer, whose shadow memory alone reserves terabytes of address
# space (the command then runs unbounded: its output is still checked).
vm_limit() {
	[ -n "${SANITIZE:-}" ] || ulimit -v "$1"
}

# visits_build: t/data/blocks/visits.c built into $TMP/visits.so, the
# LD_PRELOAD library that counts the cursors libclang visits (the whole
# test skipped where it cannot run: no libclang module, no compiler, a
# sanitizer or valgrind); then in $TMP.
visits_build() {
	need_code
	command -v cc > /dev/null || skip_all "no C compiler for the counting library"
	[ -n "${SANITIZE:-}${VALGRIND:-}" ] && skip_all "a preloaded library under the sanitizer"
	cc -O2 -shared -fPIC -o "$TMP/visits.so" "$TOP/t/data/blocks/visits.c" -ldl 2> "$TMP/err" ||
		skip_all "cannot build the counting library: $(head -1 "$TMP/err")"
	cd "$TMP" || exit 1
}

# visits_linear WHAT FOR: `src N` writes sN.c of size N; blocks --source
# of sizes 100 and 200 runs clean (WHAT: the runs' description, each %s the
# size) and visits less than 3 times the cursors for 200 as for 100
# (linear: 2 times; FOR: the sizes' unit in the message); sN.csv kept.
visits_linear() {
	for _k in 100 200; do
		src $_k
		rm -f "n$_k"
		VISIT_COUNT=$TMP/n$_k LD_PRELOAD=$TMP/visits.so $RUN blocks --source --format=csv "s$_k.c" > "s$_k.csv" 2> err
		is "$?:$(cat err)" "0:" "$(echo "$1" | sed "s/%s/$_k/g")"
	done
	read -r _a < n100 2> /dev/null || _a=0
	read -r _b < n200 2> /dev/null || _b=0
	ok $([ "$_a" -gt 0 ] && [ "$_b" -lt $((3 * _a)) ]; echo $?) \
		"cursors visited: $_a for 100$2, $_b for 200 (less than 3 times)"
}

# gpfs_nsd HOST DISK read|written "hh:mm value"...: an `mmperfmon query`
# report of one NSD disk's bytes on one server, a row a minute of
# 2020-01-01 (the fsload and store tests' GPFS recordings)
gpfs_nsd() {
	_gh=$1 _gd=$2 _gm=$3
	shift 3
	printf 'Legend:\n 1:\t%s|GPFSNSDDisk|%s|gpfs_nsdds_bytes_%s\n\nRow           Timestamp gpfs_nsdds_bytes_%s\n' "$_gh" "$_gd" "$_gm" "$_gm"
	_gn=0
	for _gv in "$@"; do
		_gn=$((_gn + 1))
		printf '%3d 2020-01-01-%s:00 %s\n' $_gn "${_gv% *}" "${_gv#* }"
	done
}

# iocost_handmade: the cost model of t/6025 (hand-made: an open 1 ms, an
# fsync 10 ms, a write of 512 B 3 us) as the user's saved one, for the
# blocks tests that check predicted_io_time_s
iocost_handmade() {
	mkdir -p "$XDG_CONFIG_HOME/iolens"
	{
		echo "open 0.001"; echo "close 0.0001"; echo "stat 0.0001"; echo "fsync 0.01"
		for _rw in read write; do for _k in seq rand; do
			echo "$_rw $_k 512 0.000003"; echo "$_rw $_k 4096 0.00001"
			echo "$_rw $_k 65536 0.00005"; echo "$_rw $_k 1048576 0.0005"
		done; done
	} > "$XDG_CONFIG_HOME/iolens/iocost"
}

# iocost_rerun OPEN_MIB CLOSE_MIB: a cost model of round figures with
# unlink and the rerun's truncation (trunc_open 2 ms + OPEN_MIB s a MiB,
# trunc_close 0.1 ms + CLOSE_MIB s a MiB), for the tests of the rerun
# costing, whose expected times are sums of these
iocost_rerun() {
	mkdir -p "$XDG_CONFIG_HOME/iolens"
	{
		echo "open 0.000001"; echo "create 0.0001"; echo "unlink 0.00001"
		echo "close 0.000001"; echo "stat 0.000001"; echo "fsync 0.01"
		for _rw in read write; do for _k in seq rand; do
			echo "$_rw $_k 512 0.000003"; echo "$_rw $_k 4096 0.00001"
			echo "$_rw $_k 65536 0.00005"; echo "$_rw $_k 1048576 0.0005"
		done; done
		printf 'trunc_open 0.002\ntrunc_open_mib %s\ntrunc_close 0.0001\ntrunc_close_mib %s\n' "$1" "$2"
	} > "$XDG_CONFIG_HOME/iolens/iocost"
}

# nm_defs OBJ... / nm_uses OBJ...: "OBJ SYMBOL" for each global symbol an
# object defines / uses, by one nm for all (an nm an object was 1200
# processes, most of t/9004's 25 CPU s)
nm_defs() {
	[ $# -gt 0 ] || return 0
	nm -A -g --defined-only "$@" 2>/dev/null |
		awk '{ i = index($0, ":"); f = substr($0, 1, i - 1); n = split(substr($0, i + 1), a, " ")
		       if (n == 3) print f, a[3] }'
}
nm_uses() {
	[ $# -gt 0 ] || return 0
	nm -A -u "$@" 2>/dev/null |
		awk '{ i = index($0, ":"); f = substr($0, 1, i - 1); n = split(substr($0, i + 1), a, " ")
		       if (n == 2) print f, a[2] }'
}

# obj_loops OBJ...: which object uses a symbol another defines, into
# $TMP/defs, $TMP/uses and $TMP/edges ("A B": A uses B), and the loops
# tsort finds in them into $TMP/loops, shown as diagnostics (the layer
# and cycle tests, t/9004 and t/9014)
obj_loops() {
	nm_defs "$@" | awk '{ print $2, $1 }' | sort > "$TMP/defs"
	nm_uses "$@" | awk '{ print $2, $1 }' | sort > "$TMP/uses"
	join "$TMP/uses" "$TMP/defs" | awk '$2 != $3 { print $2, $3 }' |
		sort -u > "$TMP/edges"
	tsort "$TMP/edges" > /dev/null 2> "$TMP/loops"
	[ -s "$TMP/loops" ] && sed 's/^/# /' "$TMP/loops"
	return 0
}
