#!/bin/sh
# iolens parse on bad input.  A missing, empty or foreign file, a log cut
# short at any byte, flipped bytes in the header and in the compressed
# regions, a region table that points outside the file or at the wrong
# region, and (in uncompressed copies, where no checksum hides them)
# impossible counts, ranks >= nprocs and flipped record bytes.
#
# Every run must end within 60 s (a hang, not a slow machine) with exit 0, or exit 1 and one line on
# stderr, "iolens parse: ... '<file>': <what is wrong>", or exit 255 with
# the incomplete-module message; never a signal, a sanitizer report, an
# out-of-memory on these small logs or NUL bytes on stdout.  A log cut
# short must fail before printing anything that the whole log would not
# print.  Runs are grouped so that one TAP line covers one log and one
# kind of damage; the first bad run of a group is shown as a diagnostic.
# Build with SANITIZE=1 for the ASan/UBSan half of the point.
# KEEP_BAD=<dir> keeps the first bad input of each group there; ALL_BAD=1
# shows every bad run, not just the first of each group.
. "$(dirname "$0")/lib.sh"

# a few hundred MiB is the most any of these logs may cost; more is an
# unbounded allocation.  ASan reserves terabytes of address space and
# cannot run under ulimit -v, nor can valgrind; under ASan its allocator
# enforces the bound instead, and names the culprit.
ASAN_OPTIONS="max_allocation_size_mb=1024${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export ASAN_OPTIONS
if [ -z "${VALGRIND:-}" ] && ! grep -q __asan_init "$IOLENS"; then
	ulimit -v 1048576
fi
if command -v timeout > /dev/null 2>&1; then
	TO="timeout -k 2 60"
else
	TO=
fi

runs=0

# ---- running and judging ----

begin() { g_runs=0 g_bad=0 g_first=; }

end() {	# end <description>
	ok "$g_bad" "$1 ($g_runs runs)"
	[ "$g_bad" -eq 0 ] || diag "$g_bad bad runs, the first: $g_first"
	runs=$((runs + g_runs))
}

# one_message <file>: stderr is exactly one line naming <file> and what is
# wrong with it; an out-of-memory on a log of a few KiB is not an answer
one_message() {
	l1= l2=
	if ! { IFS= read -r l1 && ! IFS= read -r l2 && [ -z "$l2" ]; } < "$TMP/err"; then
		bad="not one line on stderr: $(head -c 400 "$TMP/err" | tr '\n' '|')"
		return
	fi
	case $l1 in
	"iolens parse: "*"'$1': "?*) ;;
	*) bad="message does not name the file and the fault: $l1"; return ;;
	esac
	case $l1 in
	*"out of memory"*) bad="unbounded allocation: $l1" ;;
	esac
}

# check <file> <what> <opts> [<expect> [<word>]]: run iolens parse <opts>
# <file> and judge it.  <expect> is any (exit 0 or 1 both fine), fail
# (must exit 1) or cut (a truncated log: exit 1 after printing at most a
# prefix of $GOOD.<opts>, or exit 0 printing all of it); <word> must then
# be in the message.  <what> names the damage in the diagnostic.
check() {
	g_runs=$((g_runs + 1))
	$TO $RUN parse $3 "$1" > "$TMP/out" 2> "$TMP/err"
	rc=$?
	bad=
	case $rc in
	0)
		# a log cut in its module regions is read, with a warning
		# naming what it lost (issue 37)
		if [ -s "$TMP/err" ] &&
		    grep -Evq "^(# )?Warning: |^iolens parse: warning: '.*': log cut: the [^ ]+ region is incomplete" "$TMP/err"; then
			bad="exit 0 with a message: $(head -c 400 "$TMP/err" | tr '\n' '|')"
		fi ;;
	1) one_message "$1" ;;
	255)
		grep -q 'module contains incomplete data' "$TMP/err" ||
			bad="exit 255 without the incomplete-module message" ;;
	124 | 137) bad="still running after 60 s" ;;
	*) bad="exit $rc: $(head -c 400 "$TMP/err" | tr '\n' '|')" ;;
	esac
	# a sanitizer report never passes for a message; name it
	if [ -n "$bad" ] && grep -Eq 'AddressSanitizer|runtime error|LeakSanitizer' "$TMP/err"; then
		bad="sanitizer report: $(grep -E 'ERROR|runtime error' "$TMP/err" | head -n 1)"
	fi
	if [ -z "$bad" ] && [ -s "$TMP/out" ] &&
	    ! tr -d '\000' < "$TMP/out" | cmp -s - "$TMP/out"; then
		bad="NUL bytes on stdout"
	fi
	if [ -z "$bad" ]; then
		case ${4:-any}:$rc in
		fail:0 | fail:255 | cut:255) bad="exit $rc, damage not noticed" ;;
		lost:*)
			# modname's MPIIO is darshan's MPI-IO
			_lm=$(echo "${5:-}" | sed 's/^MPIIO$/MPI-IO/')
			[ "$rc" -eq 0 ] && grep -q "log cut: the $_lm region" "$TMP/err" ||
				bad="exit $rc without the warning of a cut in ${5:-}" ;;
		cut:0)
			# the modules a cut lost print their banners and no
			# records: every line is one the whole log prints
			if grep -q 'log cut: ' "$TMP/err"; then
				grep -Fxvq -f "$GOOD.$3" "$TMP/out" &&
					bad="exit 0 with lines the whole log does not print"
			else
				cmp -s "$TMP/out" "$GOOD.$3" ||
					bad="exit 0 with output unlike the whole log's"
			fi ;;
		cut:1)
			[ -s "$TMP/out" ] &&
				! head -c "$(wc -c < "$TMP/out")" "$GOOD.$3" | cmp -s - "$TMP/out" &&
				bad="output the whole log does not have before the message" ;;
		esac
	fi
	if [ -z "$bad" ] && [ -n "${5:-}" ] && [ "$rc" -eq 1 ] && [ "${4:-}" != lost ]; then
		case $l1 in
		*"$5"*) ;;
		*) bad="message does not say '$5': $l1" ;;
		esac
	fi
	[ -n "$bad" ] || return 0
	g_bad=$((g_bad + 1))
	[ -z "${ALL_BAD:-}" ] || diag "$2: iolens parse $3 $1: $bad"
	if [ -z "$g_first" ]; then
		g_first="$2: iolens parse $3 $1: $bad"
		if [ -n "${KEEP_BAD:-}" ]; then
			mkdir -p "$KEEP_BAD" && cp "$1" "$KEEP_BAD/$(basename "$1").$g_runs"
		fi
	fi
}

# ---- reading and patching logs ----

# hdr <log>: VER, SWAP (1: big-endian), HDR (header bytes), where the
# header keeps the name map (NAME_AT), the module maps (MOD_AT, NMODS of
# them) and the module versions (VER_AT); FORMAT.md section 2
hdr() {
	VER=$(head -c 4 "$1")
	set -- $(od -An -tu1 -j 8 -N 1 "$1")
	SWAP=0
	[ "$1" -ne 0 ] || SWAP=1
	case $VER in
	3.41) HDR=1328 NAME_AT=32 MOD_AT=48 VER_AT=1072 NMODS=64 ;;
	*) HDR=360 NAME_AT=24 MOD_AT=40 VER_AT=296 NMODS=16 ;;
	esac
}

# get <log> <offset> <bytes>: V = the 4- or 8-byte integer at offset
get() {
	set -- $(od -An -v -tu1 -j "$2" -N "$3" "$1")
	V=0
	if [ "$SWAP" = 1 ]; then
		for _b; do V=$(((V << 8) | _b)); done
	else
		_s=0
		for _b; do V=$((V | (_b << _s))); _s=$((_s + 8)); done
	fi
}

# put <log> <offset> <bytes> <value>: store value there, in the log's
# byte order, without a fork per byte
put() {
	_v=$4 _s= _i=0
	while [ $_i -lt "$3" ]; do
		_b=$((_v & 255))
		_o="\\$((_b >> 6))$(((_b >> 3) & 7))$((_b & 7))"
		if [ "$SWAP" = 1 ]; then _s=$_o$_s; else _s=$_s$_o; fi
		_v=$((_v >> 8))
		_i=$((_i + 1))
	done
	printf "$_s" | dd of="$1" bs=1 seek="$2" conv=notrunc 2> /dev/null
}

# putbyte <log> <offset> <value 0-255>
putbyte() {
	printf "\\$(($3 >> 6))$((($3 >> 3) & 7))$(($3 & 7))" |
		dd of="$1" bs=1 seek="$2" conv=notrunc 2> /dev/null
}

# modname <file slot>: MN = the module of that header slot; older logs
# lack the H5D slot (before 3.20) and the PNETCDF_VAR slot (before 3.41)
modname() {
	_id=$1
	case $VER in 3.00 | 3.10) [ "$_id" -lt 4 ] || _id=$((_id + 1)) ;; esac
	[ "$VER" = 3.41 ] || [ "$_id" -lt 6 ] || _id=$((_id + 1))
	set -- NULL POSIX MPIIO H5F H5D PNETCDF_FILE PNETCDF_VAR BGQ LUSTRE \
		STDIO DXT_POSIX DXT_MPIIO MDHIM APXC APMPI HEATMAP DFS DAOS
	MN=slot$1
	[ "$_id" -ge $# ] || { shift "$_id"; MN=$1; }
}

# regions <log> > file: one line "<name> <offset> <length> <entry>" for the
# job region, the name region and each module region; <entry> is where the
# header keeps the offset/length pair (0: the job region has none)
regions() {
	hdr "$1"
	get "$1" $NAME_AT 8; _no=$V
	get "$1" $((NAME_AT + 8)) 8; _nl=$V
	_first=$_no _i=0 _mods=
	while [ $_i -lt $NMODS ]; do
		_e=$((MOD_AT + 16 * _i))
		get "$1" $((_e + 8)) 8
		if [ "$V" -ne 0 ]; then
			_l=$V
			get "$1" $_e 8
			modname $_i
			_mods="$_mods $MN $V $_l $_e"
			[ "$_first" -ne 0 ] && [ "$_first" -le "$V" ] || _first=$V
		fi
		_i=$((_i + 1))
	done
	echo "job $HDR $((_first - HDR)) 0"
	[ "$_nl" -eq 0 ] || echo "names $_no $_nl $NAME_AT"
	set -- $_mods
	while [ $# -ge 4 ]; do
		echo "$1 $2 $3 $4"
		shift 4
	done
}

# bytes <log> > file: the log's bytes, one decimal per line
bytes() { od -An -v -tu1 "$1" | tr -s ' ' '\n' | sed '/^$/d'; }

# spread <from> <to> <count>: about <count> offsets spread over [from, to)
# plus the first and last few, where stream headers and checksums live
spread() {
	awk -v a="$1" -v b="$2" -v k="$3" 'BEGIN {
		n = b - a
		for (i = 0; i < 4 && i < n; i++) { o[a + i]; o[b - 1 - i] }
		for (i = 0; i < k && i < n; i++) o[a + int(i * n / k)]
		for (x in o) print x
	}' | sort -n
}

# ---- the groups ----

MODES="--base --all --dxt"

# modes <region name>: the modes that read that region; --all skips DXT
# and --dxt reads no counters, only names, LUSTRE and DXT
modes() {
	case $1 in
	DXT_*) echo --dxt ;;
	LUSTRE) echo --all,--dxt ;;
	*) echo --all ;;
	esac
}

# good <log>: the output of each mode on the undamaged log, for "cut"
good() {
	GOOD=$TMP/good
	for m in $MODES; do
		$RUN parse $m "$1" > "$GOOD.$m" 2> /dev/null
		case $? in 0 | 255) ;; *) diag "$1: parse $m fails on the whole log" ;; esac
	done
}

# truncate_at <log> <label> <offsets file>: cut the log at each offset.
# The modes take turns: each sees a third of the offsets.
truncate_at() {
	begin
	m=--base
	while read -r n; do
		head -c "$n" "$1" > "$TMP/cut"
		check "$TMP/cut" "first $n bytes of $2" "$m" cut
		case $m in --base) m=--all ;; --all) m=--dxt ;; *) m=--base ;; esac
	done < "$3"
	end "$2: cut short at $(wc -l < "$3") offsets, $MODES in turn"
}

# flip_at <log> <label> <what> <offsets file>: XOR the byte at each offset
# with 0xff, one at a time; the file has "<offset> <mode>[,<mode>...]"
flip_at() {
	bytes "$1" > "$TMP/bytes"
	awk 'NR == FNR { b[NR - 1] = $1; next } ($1 in b) { print $1, b[$1], $2 }' \
		"$TMP/bytes" "$4" > "$TMP/flips"
	cp "$1" "$TMP/flip"
	begin
	while read -r off old ms; do
		putbyte "$TMP/flip" "$off" $((old ^ 255))
		while [ -n "$ms" ]; do
			m=${ms%%,*}
			case $ms in *,*) ms=${ms#*,} ;; *) ms= ;; esac
			check "$TMP/flip" "$2 with byte $off flipped" "$m"
		done
		putbyte "$TMP/flip" "$off" "$old"
	done < "$TMP/flips"
	end "$2: $3, $(wc -l < "$TMP/flips") bytes flipped one at a time"
}

# header_flips <log> <label>: the bytes of the header's fields.  The
# compression type and the partial flags (bytes 16-31) in every mode, as
# each mode treats an incomplete module differently; in turn, the version,
# the magic number, the low and high bytes of the map entries and of the
# versions of the regions present, and the entries of a few absent slots.
header_flips() {
	regions "$1" > "$TMP/regions"
	{
		i=16
		while [ $i -lt 32 ]; do echo "$i --base,--all,--dxt"; i=$((i + 1)); done
		{
			i=0
			while [ $i -lt "$MOD_AT" ]; do
				[ $i -ge 16 ] && [ $i -lt 32 ] || echo $i
				i=$((i + 1))
			done
			while read -r name off len entry; do
				[ "$entry" -ne 0 ] || continue
				for i in 0 1 2 7 8 9 10 15; do echo $((entry + i)); done
				s=$(((entry - MOD_AT) / 16))
				[ "$s" -lt 0 ] && continue
				echo $((VER_AT + 4 * s))
				echo $((VER_AT + 4 * s + 3))
			done < "$TMP/regions"
			for s in 0 13 $((NMODS - 1)); do
				echo $((MOD_AT + 16 * s))
				echo $((MOD_AT + 16 * s + 8))
				echo $((VER_AT + 4 * s))
			done
		} | sort -n -u |
			awk 'BEGIN { split("--base --all --dxt", m, " ") } { print $1, m[1 + NR % 3] }'
	} | sort -n > "$TMP/offs"
	flip_at "$1" "$2" "header fields" "$TMP/offs"
}

# region_flips <log> <label> <per region> [<regions file>]: bytes spread
# over each region, in the modes that read it
region_flips() {
	[ -n "${4:-}" ] || { regions "$1" > "$TMP/regions"; set -- "$1" "$2" "$3" "$TMP/regions"; }
	while read -r name off len entry; do
		ms=$(modes "$name")
		spread "$off" $((off + len)) "$3" | sed "s/\$/ $ms/"
	done < "$4" | sort -n -u -k1,1 > "$TMP/offs"
	flip_at "$1" "$2" "bytes of the job, name and module regions" "$TMP/offs"
}

# table <log> <label>: rewrite the map entry of each region: pointing past
# the end of the file (must fail, but for the last region, whose map then
# says the file was cut in it: read without it, with the warning),
# shortened, lengthened, shifted, aimed at another region, and with other
# module versions (anything but a crash)
table() {
	tlog=$1 tlabel=$2
	regions "$tlog" > "$TMP/regions"
	size=$(wc -c < "$tlog")
	lastoff=$(awk '$2 > m { m = $2 } END { print m }' "$TMP/regions")
	cp "$tlog" "$TMP/tab"
	begin
	while read -r name off len entry; do
		[ "$entry" -ne 0 ] || continue
		for ol in "$size:1" "$off:$((size - off + 1))" "$((size + 1)):16" \
		    "-8:16" "-1:2" "$off:-1" "$off:$((1 << 62))" "$((1 << 62)):$len"; do
			o=${ol%:*} l=${ol#*:}
			put "$TMP/tab" "$entry" 8 "$o"
			put "$TMP/tab" $((entry + 8)) 8 "$l"
			if [ "$off" = "$lastoff" ] && [ "$ol" = "$off:$((size - off + 1))" ]; then
				if [ "$name" = names ]; then
					check "$TMP/tab" "$name map set to offset $o length $l" --base fail "name table"
				else
					check "$TMP/tab" "$name map set to offset $o length $l" --base lost "$name"
				fi
			else
				check "$TMP/tab" "$name map set to offset $o length $l" --base fail outside
			fi
		done
		put "$TMP/tab" "$entry" 8 "$off"
		put "$TMP/tab" $((entry + 8)) 8 "$len"
	done < "$TMP/regions"
	end "$tlabel: a region map pointing outside the file"

	begin
	while read -r name off len entry; do
		[ "$entry" -ne 0 ] || continue
		ms=$(modes "$name")
		# other regions' extents: a module read with another's data
		others=$(awk -v n="$name" '$1 != n { printf "%s:%s ", $2, $3 }' "$TMP/regions")
		for ol in "$off:1" "$off:2" "$off:8" "$off:$((len / 4))" "$off:$((len / 2))" \
		    "$off:$((len - 8))" "$off:$((len - 5))" "$off:$((len - 4))" \
		    "$off:$((len - 1))" "$off:$((len + 1))" "$((off + 1)):$((len - 1))" \
		    "$((off + 2)):$((len - 2))" "$((off - 1)):$len" $others; do
			o=${ol%:*} l=${ol#*:}
			[ "$l" -gt 0 ] && [ $((o + l)) -le "$size" ] || continue
			put "$TMP/tab" "$entry" 8 "$o"
			put "$TMP/tab" $((entry + 8)) 8 "$l"
			for m in $(echo "$ms" | tr , ' '); do
				check "$TMP/tab" "$name map set to offset $o length $l" "$m"
			done
		done
		put "$TMP/tab" "$entry" 8 "$off"
		put "$TMP/tab" $((entry + 8)) 8 "$len"
		s=$(((entry - MOD_AT) / 16))
		[ "$s" -ge 0 ] || continue
		get "$tlog" $((VER_AT + 4 * s)) 4
		v=$V
		for nv in 0 1 2 3 4 5 255 -1; do
			put "$TMP/tab" $((VER_AT + 4 * s)) 4 "$nv"
			for m in $(echo "$ms" | tr , ' '); do
				check "$TMP/tab" "$name version set to $nv" "$m"
			done
		done
		put "$TMP/tab" $((VER_AT + 4 * s)) 4 "$v"
	done < "$TMP/regions"
	end "$tlabel: region maps shortened, lengthened, shifted or swapped; other versions"
}

# suite <log> <label> <cuts> <flips per region>: the groups for one log,
# on a copy in $TMP
suite() {
	if [ ! -f "$1" ]; then
		ok 0 "$2 # SKIP not present"
		return
	fi
	log=$TMP/$2.darshan
	cp "$1" "$log"
	good "$log"
	size=$(wc -c < "$log")
	regions "$log" > "$TMP/regions"
	{
		spread 0 "$size" "$3"
		while read -r name off len entry; do
			for o in $((off - 1)) "$off" $((off + 1)) $((off + len - 1)); do
				[ "$o" -lt 0 ] || [ "$o" -ge "$size" ] || echo "$o"
			done
		done < "$TMP/regions"
	} | sort -n -u > "$TMP/cuts"
	truncate_at "$log" "$2" "$TMP/cuts"
	header_flips "$log" "$2"
	region_flips "$log" "$2" "$4"
	table "$log" "$2"
}

# ---- uncompressed copies: record fields without a checksum in front ----

# inflate <log> <offset> <length>: the bytes of a compressed region.  A
# zlib region of a one-process log is one stream: gzip inflates it behind
# a made-up gzip header and writes it all out before it finds that the
# adler32 is no crc32.  bzip2 reads the concatenated streams of any log.
inflate() {
	if [ "$COMP" -eq 1 ]; then
		tail -c +$(($2 + 1)) "$1" | head -c "$3" | bzip2 -dc 2> /dev/null
	else
		{
			printf '\037\213\010\000\000\000\000\000\000\003'
			tail -c +$(($2 + 3)) "$1" | head -c $(($3 - 2))
			printf '\000\000\000\000'
		} | gzip -dc 2> /dev/null
	fi
	return 0
}

# uncompress <log> <out> > regions: the log with every region inflated
# and compression type 2 (none), which darshan-util reads too
uncompress() {
	regions "$1" > "$TMP/uregions"
	COMP=$(($(od -An -tu1 -j 16 -N 1 "$1")))
	head -c "$HDR" "$1" > "$2"
	putbyte "$2" 16 2
	at=$HDR
	while read -r name off len entry; do
		inflate "$1" "$off" "$len" > "$TMP/raw"
		n=$(wc -c < "$TMP/raw")
		cat "$TMP/raw" >> "$2"
		if [ "$entry" -ne 0 ]; then
			put "$2" "$entry" 8 "$at"
			put "$2" $((entry + 8)) 8 "$n"
		fi
		echo "$name $at $n $entry"
		at=$((at + n))
	done < "$TMP/uregions"
}

# same <a> <b>: both logs print the same but for compression and sizes
same() {
	for m in --all --dxt; do
		$RUN parse $m "$1" 2>&1 | sed '/^# compression method/d; /bytes (compressed)/d' > "$TMP/a"
		$RUN parse $m "$2" 2>&1 | sed '/^# compression method/d; /bytes (compressed)/d' > "$TMP/b"
		cmp -s "$TMP/a" "$TMP/b" || return 1
	done
}

# plain <log> <label> <flips per region>: the groups for an uncompressed
# copy of a log: flipped bytes; impossible process counts, ranks, DXT
# segment counts, HEATMAP bins and LUSTRE stripes, which must be refused;
# extreme counter values; and each region cut short at many lengths
plain() {
	if [ ! -f "$1" ]; then
		ok 0 "$2, uncompressed # SKIP not present"
		return
	fi
	pl=$TMP/$2-plain.darshan
	uncompress "$1" "$pl" > "$TMP/pregions"
	if [ "$(wc -c < "$pl")" -le "$HDR" ] || ! same "$1" "$pl"; then
		ok 0 "$2, uncompressed # SKIP cannot build it with gzip or bzip2"
		return
	fi
	region_flips "$pl" "$2, uncompressed" "$3" "$TMP/pregions"

	hdr "$pl"
	cp "$pl" "$TMP/p"
	begin
	if [ "$VER" = 3.41 ]; then at=$((HDR + 40)); else at=$((HDR + 24)); fi
	get "$pl" "$at" 8
	np=$V
	for v in -1 -2 $((1 << 40)) $((1 << 62)) $((1 << 63)); do
		put "$TMP/p" "$at" 8 "$v"
		check "$TMP/p" "nprocs set to $v" --base fail "process count"
	done
	for v in 0 $((1 << 24)); do
		put "$TMP/p" "$at" 8 "$v"
		check "$TMP/p" "nprocs set to $v" --all
	done
	put "$TMP/p" "$at" 8 "$np"
	while read -r name off len entry; do
		case $name in job | names) continue ;; esac
		ms=$(modes "$name")
		m=${ms%%,*}
		# the first record's rank
		get "$pl" $((off + 8)) 8
		r=$V
		for v in "$np" $((np + 1)) $((1 << 31)) $((1 << 62)) -2 $((1 << 63)); do
			put "$TMP/p" $((off + 8)) 8 "$v"
			check "$TMP/p" "rank of the first $name record set to $v (nprocs $np)" "$m" fail rank
		done
		put "$TMP/p" $((off + 8)) 8 "$r"
		case $name in
		DXT_*) fields="88 96" vals="-1 $((1 << 31)) $((1 << 40)) $((1 << 62)) $((1 << 63))" ;;
		HEATMAP) fields=24 vals="-1 $(((1 << 22) + 1)) $((1 << 22)) $((1 << 40)) $((1 << 63))" ;;
		LUSTRE) fields="16 24" vals="-1 4097 $((1 << 21)) $((1 << 40)) $((1 << 63))" ;;
		*) fields= vals= ;;
		esac
		for f in $fields; do
			get "$pl" $((off + f)) 8
			keep=$V
			for v in $vals; do
				put "$TMP/p" $((off + f)) 8 "$v"
				check "$TMP/p" "$name first record: bytes $f-$((f + 7)) set to $v" "$m" fail
			done
			put "$TMP/p" $((off + f)) 8 "$keep"
		done
	done < "$TMP/pregions"
	end "$2, uncompressed: impossible nprocs, ranks >= nprocs, counts and lengths"

	# the first 100 8-byte fields of each module region (the first record
	# and, in small ones, a few more) but the first id and rank, in turn
	# set to INT64_MAX, INT64_MIN or +Inf: sums must not overflow
	begin
	while read -r name off len entry; do
		case $name in job | names) continue ;; esac
		ms=$(modes "$name")
		n=$((len / 8))
		[ "$n" -le 100 ] || n=100
		k=2
		while [ $k -lt "$n" ]; do
			case $((k % 3)) in
			0) v=$((0x7fffffffffffffff)) ;;
			1) v=$((1 << 63)) ;;
			*) v=$((0x7ff0000000000000)) ;;
			esac
			get "$pl" $((off + 8 * k)) 8
			keep=$V
			put "$TMP/p" $((off + 8 * k)) 8 "$v"
			for m in $(echo "$ms" | tr , ' '); do
				check "$TMP/p" "$name first record: bytes $((8 * k))-$((8 * k + 7)) set to $v" "$m"
			done
			put "$TMP/p" $((off + 8 * k)) 8 "$keep"
			k=$((k + 1))
		done
	done < "$TMP/pregions"
	end "$2, uncompressed: extreme values in the fields of the first records"

	begin
	while read -r name off len entry; do
		[ "$entry" -ne 0 ] || continue
		ms=$(modes "$name")
		for l in $(spread 1 "$len" 25); do
			put "$TMP/p" $((entry + 8)) 8 "$l"
			for m in $(echo "$ms" | tr , ' '); do
				check "$TMP/p" "$name region cut to $l of $len bytes" "$m"
			done
		done
		put "$TMP/p" $((entry + 8)) 8 "$len"
	done < "$TMP/pregions"
	end "$2, uncompressed: each region cut short at about 25 lengths"
}

# ---- not a log at all ----

begin
check "$TMP/no-such-file" "a missing file" --base fail "No such file"
is "$l1" "iolens parse: cannot open '$TMP/no-such-file': No such file or directory" \
	"a missing file: the message"
: > "$TMP/empty"
check "$TMP/empty" "an empty file" --base fail empty
check /dev/null "/dev/null" --base fail empty
check "$TMP" "a directory" --base fail directory
printf 'a\n' > "$TMP/short.txt"
check "$TMP/short.txt" "two bytes of text" --base fail "not a Darshan log"
awk 'BEGIN { for (i = 0; i < 100; i++) print "this is a text file, line", i }' > "$TMP/text.txt"
check "$TMP/text.txt" "a text file" --all fail "not a Darshan log"
check "$TMP/text.txt" "a text file" --dxt fail "not a Darshan log"
command -v gzip > /dev/null 2>&1 && gzip -c < "$TMP/text.txt" > "$TMP/text.gz" &&
	check "$TMP/text.gz" "a gzip file" --base fail "not a Darshan log"
cp "$IOLENS" "$TMP/binary"
check "$TMP/binary" "an executable" --base fail "not a Darshan log"
end "not a log: missing, empty, /dev/null, a directory, text, gzip, an executable"

# ---- cut short at every byte of the header and the first regions ----

IOR=$SAMPLES/ior/ior_posix_n1_t4m/root_ior_id12611-12611_11-21-79789-814826986434855799_1.darshan
cp "$IOR" "$TMP/ior_posix_n1_t4m.darshan"
good "$TMP/ior_posix_n1_t4m.darshan"
awk 'BEGIN { for (i = 0; i < 1400; i++) print i }' > "$TMP/every"
truncate_at "$TMP/ior_posix_n1_t4m.darshan" "ior_posix_n1_t4m, every byte up to 1400" "$TMP/every"

# ---- our own logs ----

one() { ls "$SAMPLES/$1"/*.darshan | head -n 1; }
suite "$IOR" ior_posix_n1_t4m 60 15
suite "$(one ior/ior_hdf5_n1_t1m)" ior_hdf5_n1_t1m 60 15
suite "$(one nonmpi/darshan/cp_bigfile)" cp_bigfile 60 15
plain "$(one nonmpi/darshan/cp_bigfile)" cp_bigfile 80
plain "$(one nonmpi/darshan/dd_bigfile)" dd_bigfile 40
plain "$(one nonmpi/darshan/sort_external)" sort_external 40

# ---- the public corpus: big-endian, 3.00, bzip2, DXT v1, LUSTRE v1/v2 ----

CORPUS=$SHARED/corpus/darshan-logs
if [ -d "$CORPUS" ]; then
	corpus() { ls "$CORPUS/$1"/*.darshan 2> /dev/null | head -n 1; }
	suite "$(corpus mpi-io-test-ppc64-3.1.0)" ppc64-3.1.0 40 15
	suite "$(corpus mpi-io-test-x86_64-3.0.0)" x86_64-3.0.0 40 15
	suite "$(corpus mpi-io-test-x86_64-3.1.5)" x86_64-3.1.5-dxt 40 12
	suite "$(corpus skew-app)" skew-app-lustre1 40 12
	snyder=snyder_python3_id3116902-2110484_12-19-66980-9799170114715598281_1
	suite "$(corpus $snyder)" python3-lustre-heatmap 40 12
	plain "$(corpus $snyder)" python3-lustre-heatmap 30
	suite "$(corpus derived-bzip2-runtime_and_dxt_heatmaps)" bzip2-dxt-heatmap 40 12
	if command -v bzip2 > /dev/null 2>&1; then
		plain "$(corpus derived-bzip2-runtime_and_dxt_heatmaps)" bzip2-dxt-heatmap 30
	fi
fi

diag "$runs runs of iolens parse"
done_testing
