#!/bin/sh
# Integer counters no writer makes (-1, -4, INT64_MAX, INT64_MIN, 2^62,
# 1e18: the loader passes them, real 3.1 logs hold POSIX_MMAPS = -4),
# through every analysis a user runs on one log: summary, files, meta,
# hist, timeline, triage and diff in every --format, report (PDF, HTML),
# export and ingest.  No crash (a SANITIZE=1 build: no runtime error), exit
# 0 or a one-line error, and no "nan", "inf" or run of more than 20
# digits in the output; no negative size in a summary ("-2 B read": its
# sums wrapped) and no percent beyond 100 (files' pct_aligned of -1e20
# %, printed in 21 digits by report -o x.html).  The logs: bundled ones
# stored raw by t/darshan-raw.py, then several integer counters of every
# POSIX, MPI-IO, H5F and STDIO record patched in place (below).
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 is not installed"

cat >"$TMP/patch.py" <<'PY'
# patch.py RAW OUT SEED: integer counters of every POSIX, MPI-IO, H5F and
# STDIO record (format 3.41 layouts) of a log stored raw set to absurd
# values: SEED 1-9, the counters i of record k with (i + k * SEED) % 4
# == 0, values in turn; SEED 10-15, every counter the one value
import struct, sys
data = bytearray(open(sys.argv[1], 'rb').read())
seed = int(sys.argv[3])
vals = [-1, -4, 2**63 - 1, -2**63, 2**62, 10**18]
layout = {1: (69, 17), 2: (51, 17), 3: (3, 5), 9: (14, 15)}
for mod, (ni, nf) in layout.items():
    off, size = struct.unpack_from('<QQ', data, 32 + 16 * (mod + 1))
    rec = 16 + 8 * (ni + nf)
    if not size or size % rec:
        continue
    for k in range(size // rec):
        base = off + k * rec + 16
        for i in range(ni):
            if seed >= 10:
                v = vals[seed - 10]
            elif (i + k * seed) % 4 == 0:
                v = vals[(i + k + seed) % len(vals)]
            else:
                continue
            struct.pack_into('<q', data, base + 8 * i, v)
open(sys.argv[2], 'wb').write(bytes(data))
PY

# bad FILE: what in FILE is no figure (nan, inf, > 20 digits)
bad() {
	grep -aoiE '.{0,40}((^|[^a-z])-?(nan|inf|infinity)([^a-z]|$)|[0-9]{21}).{0,20}' "$1" | head -2
}
# run NAME CMD...: exit 0 or 1 with one line, no runtime error, no
# non-figure on stdout; problems appended to $TMP/probs
run() {
	name=$1
	shift
	"$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ "$rc" -gt 1 ] || grep -q 'runtime error\|Sanitizer' "$TMP/err" ||
		{ [ "$rc" -ne 0 ] && [ "$(wc -l <"$TMP/err")" -ne 1 ]; }; then
		echo "$name: exit $rc: $(head -c 200 "$TMP/err")" >>"$TMP/probs"
	fi
	b=$(bad "$TMP/out")
	[ -z "$b" ] || echo "$name: $b" >>"$TMP/probs"
	return "$rc"
}

logs="$SAMPLES/ior/ior_posix_n1_t4k $SAMPLES/ior/ior_mpiio_n1_coll_t1m
$SAMPLES/ior/ior_hdf5_n1_t1m $SAMPLES/nonmpi/darshan/sort_external
$TOP/t/data/triage-round12/r12-coll-read-contig.darshan"
for l in $logs; do
	src=$l
	[ -d "$l" ] && src=$(ls "$l"/*.darshan | head -1)
	base=$(basename "$l" .darshan)
	python3 "$TOP/t/darshan-raw.py" "$src" "$TMP/raw.darshan"
	for seed in 1 2 12 13; do
		log=$TMP/$base-$seed.darshan
		python3 "$TMP/patch.py" "$TMP/raw.darshan" "$log" "$seed"
		: >"$TMP/probs"
		for c in summary files meta hist timeline triage; do
			for f in text csv tsv json; do
				run "$c --format=$f" $RUN $c --format=$f "$log"
			done
		done
		run summary $RUN summary "$log"
		grep -oE '(^| )-[0-9][0-9.]* (B|KiB|MiB|GiB|TiB|PiB|EiB)( |,|$)' "$TMP/out" |
			sed 's/^/summary: a negative size: /' >>"$TMP/probs"
		run "files csv" $RUN files --format=csv "$log"
		awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /^pct_/) p[i] = 1; next }
			{ for (i in p) if ($i != "" && ($i < 0 || $i > 100))
				print "files: " $i " %" }' "$TMP/out" >>"$TMP/probs"
		for f in text csv json; do
			run "diff --format=$f" $RUN diff --format=$f "$src" "$log"
		done
		if run "report pdf" $RUN report -o "$TMP/r.pdf" "$log" &&
			command -v pdftotext >/dev/null; then
			pdftotext "$TMP/r.pdf" "$TMP/r.txt" 2>/dev/null
			b=$(bad "$TMP/r.txt")
			[ -z "$b" ] || echo "report pdf: $b" >>"$TMP/probs"
		fi
		if run "report html" $RUN report -o "$TMP/r.html" "$log"; then
			b=$(bad "$TMP/r.html")
			[ -z "$b" ] || echo "report html: $b" >>"$TMP/probs"
		fi
		if run export $RUN export -o "$TMP/r.xlsx" "$log" &&
			command -v unzip >/dev/null; then
			unzip -p "$TMP/r.xlsx" 'xl/*.xml' >"$TMP/x.xml"
			b=$(bad "$TMP/x.xml")
			[ -z "$b" ] || echo "export: $b" >>"$TMP/probs"
		fi
		rm -f "$TMP/s.db"
		run ingest $RUN ingest --db "$TMP/s.db" "$log"
		for f in text csv json; do
			run "jobs --format=$f" $RUN jobs --db "$TMP/s.db" --format=$f
		done
		sed 's/^/# /' "$TMP/probs" | head -5
		is "$(wc -l <"$TMP/probs" | tr -d ' ')" 0 "$base, counters patched ($seed): every command ends well, its figures figures"
	done
done
done_testing
