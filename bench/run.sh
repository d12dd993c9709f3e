#!/usr/bin/env bash
# bench/run.sh: time, memory and byte-identity of iolens on the big logs in
# ../shared/bench/ (see bench/README.md).  Run by `make bench` as `sh bench/run.sh`;
# the script re-executes itself under bash.
#
#   sh bench/run.sh [LOGNAME ...]        e.g. sh bench/run.sh dxt-1m many-ranks
#
# Environment: IOLENS (binary, default bin/iolens), BENCH_DIR (default ../shared/bench),
# BENCH_LOGS (space-separated log names, like the arguments), BENCH_RUNS (timed runs
# per row, default 3), BENCH_TIMEOUT (seconds per command, default 300),
# BENCH_NO_DIGEST=1 (skip the byte-identity checks), BENCH_TIME (GNU time, default
# /usr/bin/time; a missing one means wall times only), DARSHAN_PARSER and
# DARSHAN_DXT_PARSER (the reference tools, default: on PATH; rows with a reference
# then time it in the same run, alternated with iolens), BENCH_REF_RUNS (runs of
# each side of those rows, default 5), BENCH_ROWS (comma-separated row names, e.g.
# 'parse --all,parse --dxt': only those rows, and neither the replay nor the fsstats
# bench; default all), BENCH_REPLAY=0 and BENCH_FSSTATS=0 (not those two benches).
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi

# ---------------------------------------------------------------------------------------
# Rows.  One per line:  name|command template|actions|reference
#   command template  arguments to iolens, split on blanks; the word {log} becomes the log
#                     path.  The row is skipped when its command (first word) is not in
#                     `iolens --help`, or one of its --options is not in `iolens CMD --help`.
#   actions           comma list of:
#                       time    median wall time of $BENCH_RUNS runs and peak RSS,
#                               stdout to /dev/null
#                       digest  sha256 of the full stdout, compared with the log
#                               directory's reference-digests.txt
#   reference         the reference tool's command as written in reference-digests.txt
#                     and in the column headers of ../shared/bench/README.md's table
#                     (backticks dropped); leave empty for commands with no reference.
# To add e.g. a future `iolens summary`:   summary|summary {log}|time|
ROWS='
parse --all|parse --all {log}|time,digest|darshan-parser --all
parse --perf|parse --perf {log}|time,digest|darshan-parser --perf
parse --total|parse --total {log}|digest|darshan-parser --total
parse --file|parse --file {log}|digest|darshan-parser --file
parse --dxt|parse --dxt {log}|time,digest|darshan-dxt-parser
summary|summary {log}|time|
summary csv|summary --format csv {log}|time|
files csv|files --format csv {log}|time|
hist|hist {log}|time|
meta|meta {log}|time|
triage|triage {log}|time|
timeline|timeline {log}|time|
timeline --phases|timeline --phases --format csv {log}|time|
timeline --bins|timeline --bins 100 --format csv {log}|time|
report|report -o {out}.pdf {log}|time|
export|export -o {out}.xlsx {log}|time|
'
# ---------------------------------------------------------------------------------------

set -u
export LC_ALL=C TZ=UTC

TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
BENCH_DIR=${BENCH_DIR:-$TOP/../shared/bench}
RUNS=${BENCH_RUNS:-3}
TMO=${BENCH_TIMEOUT:-300}
NO_DIGEST=${BENCH_NO_DIGEST:-0}

# replay fidelity (METRICS.md section 11) needs no logs: it traces programs itself
if [ "${BENCH_REPLAY:-1}" = 1 ] && [ -z "${BENCH_ROWS:-}" ]; then
	IOLENS=$IOLENS sh "$TOP/bench/replay.sh"
	echo
fi

if [ ! -d "$BENCH_DIR" ]; then
	echo "bench: skipped: no benchmark logs at $BENCH_DIR (the shared/ directory beside the repo)"
	exit 0
fi
BENCH_DIR=$(cd "$BENCH_DIR" && pwd)
if [ ! -x "$IOLENS" ]; then
	echo "bench: $IOLENS not found or not executable; run 'make' first" >&2
	exit 2
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/iolens-bench.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM

# ---- tools -----------------------------------------------------------------------------
TIME_BIN=
TIME_PATH=${BENCH_TIME:-/usr/bin/time}
if [ -x "$TIME_PATH" ] && "$TIME_PATH" -f '%e %M' -o "$TMP/probe" true 2>/dev/null &&
	read -r _ _ <"$TMP/probe"; then
	TIME_BIN=$TIME_PATH
else
	echo "bench: $TIME_PATH (GNU time) is missing: wall times only (bash clock), no peak memory."
	echo "bench: install it with: apt-get install time"
fi
TIMEOUT=()
if command -v timeout >/dev/null 2>&1; then TIMEOUT=(timeout "$TMO"); fi
TRUE_BIN=$(type -P true || echo /bin/true)

now() { # seconds since the epoch, microsecond resolution
	if [ -n "${EPOCHREALTIME:-}" ]; then echo "$EPOCHREALTIME"; else date +%s.%N; fi
}
median() { # numbers as arguments -> median
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 }
		END { if (NR == 0) exit; if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# run_timed ARGV...: run once with stdout to /dev/null; sets R_WALL (s), R_RSS (KiB or
# empty), R_RC.  R_WALL is measured around the whole /usr/bin/time invocation (GNU time's %e
# has only 10 ms resolution) less WRAP, the calibrated cost of /usr/bin/time itself.
WRAP=0
run_timed() {
	local t0 t1 m
	R_RSS=
	if [ -n "$TIME_BIN" ]; then
		rm -f "$TMP/time"
		t0=$(now)
		"$TIME_BIN" -f '%e %M' -o "$TMP/time" "$@" >/dev/null 2>"$TMP/stderr"
		R_RC=$?
		t1=$(now)
		# GNU time writes "Command exited with non-zero status N" before the numbers
		m=''
		[ -f "$TMP/time" ] && read -r _ m < <(tail -n 1 "$TMP/time")
		R_RSS=$m
	else
		t0=$(now)
		"$@" >/dev/null 2>"$TMP/stderr"
		R_RC=$?
		t1=$(now)
	fi
	R_WALL=$(awk -v a="$t0" -v b="$t1" -v w="$WRAP" 'BEGIN { d = b - a - w; if (d < 0.0001) d = 0.0001; printf "%.6f", d }')
}

if [ -n "$TIME_BIN" ]; then # WRAP = time(/usr/bin/time true) - time(true), median of 7
	bare=() wrapped=()
	for _ in 1 2 3 4 5 6 7; do
		t0=$(now); "$TRUE_BIN"; t1=$(now)
		bare+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')")
		t0=$(now); "$TIME_BIN" -f '%e %M' -o "$TMP/time" "$TRUE_BIN"; t1=$(now)
		wrapped+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')")
	done
	WRAP=$(awk -v a="$(median "${bare[@]}")" -v b="$(median "${wrapped[@]}")" \
		'BEGIN { d = b - a; if (d < 0) d = 0; printf "%.6f", d }')
fi

# ---- which rows can run ----------------------------------------------------------------
HELP=$("$IOLENS" --help 2>&1)
COMMANDS=$(printf '%s\n' "$HELP" | awk '/^commands:/ { on = 1; next } on && /^  +[a-z]/ { print $1 } on && /^$/ { on = 0 }')
declare -a R_NAME R_TMPL R_ACT R_REF
while IFS='|' read -r name tmpl act ref; do
	[ -n "$name" ] || continue
	case ,${BENCH_ROWS:-$name}, in *",$name,"*) ;; *) continue ;; esac
	read -r -a words <<<"$tmpl"
	cmd=${words[0]}
	if ! printf '%s\n' "$COMMANDS" | grep -qx -- "$cmd"; then
		echo "bench: skipping row '$name': iolens has no '$cmd' command"
		continue
	fi
	chelp=$("$IOLENS" "$cmd" --help 2>&1)
	missing=
	for w in "${words[@]:1}"; do
		case $w in --*) opt=${w%%=*}
			printf '%s\n' "$chelp" | grep -q -e "$opt\([^a-zA-Z0-9-]\|$\)" || missing="$missing $opt" ;;
		esac
	done
	if [ -n "$missing" ]; then
		echo "bench: skipping row '$name': 'iolens $cmd' has no option$missing"
		continue
	fi
	R_NAME+=("$name") R_TMPL+=("$tmpl") R_ACT+=("$act") R_REF+=("$ref")
done <<<"$ROWS"
if [ ${#R_NAME[@]} -eq 0 ]; then
	echo "bench: no runnable rows" >&2
	exit 2
fi

# ---- the reference tools, timed in the same run ----------------------------------------
# Stored times from another machine (or another hour of this one) are not comparable:
# rows with a reference run it right after iolens, A B A B, and report the ratio of medians.
ref_path() { # VAR NAME -> the path in VAR, else NAME on PATH, else nothing
	local p=${!1:-}
	[ -n "$p" ] || p=$(command -v "$2" 2>/dev/null || true)
	[ -n "$p" ] && [ -x "$p" ] && echo "$p"
}
DARSHAN_PARSER=$(ref_path DARSHAN_PARSER darshan-parser)
DARSHAN_DXT_PARSER=$(ref_path DARSHAN_DXT_PARSER darshan-dxt-parser)
REF_RUNS=${BENCH_REF_RUNS:-5}
[ "$REF_RUNS" -lt "$RUNS" ] && REF_RUNS=$RUNS
ref_argv() { # REFERENCE-COMMAND LOGPATH -> sets REFV (empty when the tool is absent)
	local words
	read -r -a words <<<"$1"
	REFV=()
	case ${words[0]:-} in
	darshan-parser) [ -n "$DARSHAN_PARSER" ] && REFV=("$DARSHAN_PARSER") ;;
	darshan-dxt-parser) [ -n "$DARSHAN_DXT_PARSER" ] && REFV=("$DARSHAN_DXT_PARSER") ;;
	esac
	[ ${#REFV[@]} -gt 0 ] && REFV+=("${words[@]:1}" "$2")
}

# ---- the logs ----------------------------------------------------------------------------
want=" ${*:-${BENCH_LOGS:-}} "
LOGS=() LOGPATHS=()
for d in "$BENCH_DIR"/*/; do
	d=${d%/}
	n=${d##*/}
	[ "$want" = "  " ] || case $want in *" $n "*) ;; *) continue ;; esac
	set -- "$d"/*.darshan
	if [ ! -f "$1" ]; then echo "bench: $d has no .darshan log, skipped"; continue; fi
	if [ $# -gt 1 ]; then echo "bench: $d has $# .darshan logs, using $1"; fi
	LOGS+=("$n") LOGPATHS+=("$1")
done
# the largest corpus log (PyDarshan needs 8 s for its report)
E3SM=$(ls "$BENCH_DIR"/../corpus/darshan-logs/e3sm_io_heatmap_only/*.darshan 2>/dev/null | head -1)
if [ -n "$E3SM" ] && { [ "$want" = "  " ] || case $want in *" e3sm "*) true ;; *) false ;; esac; }; then
	LOGS+=("e3sm") LOGPATHS+=("$E3SM")
fi

# a big system-call trace made from our real dd trace by repetition
# (BENCH_TRACE_COPIES copies, about 170 KB each; 0 leaves it out)
COPIES=${BENCH_TRACE_COPIES:-6000}
SEED=$TOP/sample-logs/nonmpi/strace/dd_bigfile/trace.txt.xz
if [ "$COPIES" -gt 0 ] && [ -r "$SEED" ] && { [ "$want" = "  " ] || case $want in *" trace-big "*) true ;; *) false ;; esac; }; then
	xz -dc "$SEED" > "$TMP/one.txt"
	for ((k = 0; k < COPIES; k++)); do cat "$TMP/one.txt"; done > "$TMP/trace-big.txt"
	echo "bench: trace-big: $COPIES copies of the dd trace, $(($(stat -c %s "$TMP/trace-big.txt") / 1048576)) MiB"
	LOGS+=("trace-big") LOGPATHS+=("$TMP/trace-big.txt")
fi
if [ ${#LOGS[@]} -eq 0 ]; then
	echo "bench: no logs to run under $BENCH_DIR" >&2
	exit 2
fi

expand() { # TEMPLATE LOGPATH -> sets ARGV
	local w
	ARGV=("$IOLENS")
	read -r -a words <<<"$1"
	for w in "${words[@]}"; do
		case $w in
		"{log}") ARGV+=("$2") ;;
		"{out}"*) ARGV+=("$TMP/out${w#\{out\}}") ;;
		*) ARGV+=("$w") ;;
		esac
	done
}

# ---- run -------------------------------------------------------------------------------
echo "iolens bench: $("$IOLENS" --version 2>&1), $RUNS runs per row, logs in $BENCH_DIR"
echo "  reference tools: darshan-parser ${DARSHAN_PARSER:-not found (set DARSHAN_PARSER)}," \
	"darshan-dxt-parser ${DARSHAN_DXT_PARSER:-not found (set DARSHAN_DXT_PARSER)};" \
	"rows with one: $REF_RUNS runs each, alternated; load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
[ -n "$TIME_BIN" ] && echo "  (wall times exclude $(awk -v w="$WRAP" 'BEGIN { printf "%.1f", w * 1000 }') ms of /usr/bin/time overhead, calibrated at start)"
echo

TIMES=$TMP/times   # log, name, median s, peak MiB, ref s, ref MiB, ratio, note
DIGESTS=$TMP/digests
: >"$TIMES"
: >"$DIGESTS"
fail=0
start=$(now)

for li in "${!LOGS[@]}"; do
	log=${LOGS[$li]}
	path=${LOGPATHS[$li]}
	dig=${path%/*}/reference-digests.txt
	printf '%s:' "$log"
	for ri in "${!R_NAME[@]}"; do
		name=${R_NAME[$ri]} act=${R_ACT[$ri]} ref=${R_REF[$ri]}
		# parse reads Darshan logs only
		case "$log:$name" in trace-big:parse*) continue ;; e3sm:parse*) continue ;; esac
		expand "${R_TMPL[$ri]}" "$path"
		printf ' %s;' "$name"
		usable=1

		# 1. byte identity (one run, streamed into sha256sum); it also warms the cache
		case ",$act," in *,digest,*)
			if [ "$NO_DIGEST" = 1 ]; then
				:
			elif [ -z "$ref" ] || [ ! -r "$dig" ] || ! grep -q "^$ref	sha256 " "$dig"; then
				printf '%s\t%s\t%s\t%s\n' "$log" "$name" "-" "no reference digest" >>"$DIGESTS"
			else
				wantsum=$(awk -F'\t' -v r="$ref" '$1 == r && $2 ~ /^sha256 / { sub(/^sha256 /, "", $2); print $2; exit }' "$dig")
				wantsize=$(awk -F'\t' -v r="$ref" '$1 == r && $2 ~ / lines$/ { print $2 ", " $3; exit }' "$dig")
				"${TIMEOUT[@]}" "${ARGV[@]}" 2>"$TMP/stderr" | sha256sum >"$TMP/sum"
				rc=${PIPESTATUS[0]}
				got=$(cut -d' ' -f1 "$TMP/sum")
				if [ "$rc" -eq 124 ] && [ ${#TIMEOUT[@]} -gt 0 ]; then
					printf '%s\t%s\t%s\t%s\n' "$log" "$name" "TIMEOUT" "killed after ${TMO} s" >>"$DIGESTS"
					usable=0 fail=1
				elif [ "$got" = "$wantsum" ] && [ "$rc" -eq 0 ]; then
					printf '%s\t%s\t%s\t%s\n' "$log" "$name" "MATCH" "$wantsize" >>"$DIGESTS"
				else
					# only now count lines and bytes (a second run), to say how it differs
					gotsize=$("${TIMEOUT[@]}" "${ARGV[@]}" 2>/dev/null | wc -lc | awk '{ print $1 " lines, " $2 " bytes" }')
					why="got $gotsize, sha256 ${got:0:16}...; want $wantsize"
					[ "$rc" -ne 0 ] && why="exit status $rc ($(head -c 200 "$TMP/stderr" | tr '\n' ' ')); $why"
					printf '%s\t%s\t%s\t%s\n' "$log" "$name" "DIFF" "$why" >>"$DIGESTS"
					fail=1
					# the small reference outputs are stored beside the log: show the first lines that differ
					txt=${path%/*}/parser-${ref##*--}.txt
					case $ref in darshan-parser\ --*) ;; *) txt= ;; esac
					if [ -n "$txt" ] && [ -r "$txt" ]; then
						"${TIMEOUT[@]}" "${ARGV[@]}" 2>/dev/null | diff "$txt" - | head -n 12 | sed 's/^/        /' >"$TMP/diff_${li}_$ri"
					fi
				fi
			fi ;;
		*)  # no digest: one untimed warm-up run
			"${TIMEOUT[@]}" "${ARGV[@]}" >/dev/null 2>&1
			[ $? -eq 124 ] && [ ${#TIMEOUT[@]} -gt 0 ] && usable=0 ;;
		esac

		# 2. time and memory, the reference tool alternated with iolens when it is here
		case ",$act," in *,time,*)
			walls=() rsss=() rwalls=() rrsss=() err=
			REFV=()
			[ -n "$ref" ] && ref_argv "$ref" "$path"
			n=$RUNS
			[ ${#REFV[@]} -gt 0 ] && n=$REF_RUNS
			if [ "$usable" = 1 ]; then
				for ((k = 0; k < n; k++)); do
					run_timed "${ARGV[@]}"
					if [ "$R_RC" -ne 0 ]; then err="exit status $R_RC"; break; fi
					walls+=("$R_WALL")
					[ -n "$R_RSS" ] && rsss+=("$R_RSS")
					[ ${#REFV[@]} -gt 0 ] || continue
					run_timed "${REFV[@]}"
					rwalls+=("$R_WALL")
					[ -n "$R_RSS" ] && rrsss+=("$R_RSS")
				done
			else
				err="timed out"
			fi
			if [ -n "$err" ]; then
				printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$log" "$name" "-" "-" "-" "-" "-" "ERROR: $err" >>"$TIMES"
				fail=1
			else
				s=$(median "${walls[@]}")
				mib=- refs=- refm=-
				[ ${#rsss[@]} -gt 0 ] && mib=$(awk -v k="$(median "${rsss[@]}")" 'BEGIN { printf "%.1f", k / 1024 }')
				[ ${#rwalls[@]} -gt 0 ] && refs=$(median "${rwalls[@]}")
				[ ${#rrsss[@]} -gt 0 ] && refm=$(awk -v k="$(median "${rrsss[@]}")" 'BEGIN { printf "%.1f", k / 1024 }')
				printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$log" "$name" "$s" "$mib" "$refs" "$refm" \
					"$(printf '%s\n' "${walls[@]}" | sort -g | awk 'NR == 1 { a = $1 } { b = $1 } END { printf "%.3f-%.3f", a, b }')" "" >>"$TIMES"
			fi ;;
		esac
	done
	printf ' done at %s s\n' "$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')"
done
echo

# ---- report ------------------------------------------------------------------------------
echo "Time and memory (median of $RUNS runs, or $REF_RUNS alternated with the reference tool; stdout to /dev/null)"
echo "speedup = reference s / iolens s measured in this run (>1: iolens faster); times under ~0.01 s are mostly process start-up"
awk -F'\t' '
BEGIN {
	fmt = "%-22s %-14s %10s %16s %10s %10s %8s %9s  %s\n"
	printf fmt, "log", "command", "iolens s", "[min-max]", "iolens MiB", "ref s", "ref MiB", "speedup", "note"
	printf fmt, "---", "-------", "--------", "---------", "----------", "-----", "-------", "-------", "----"
}
{
	s = $3; m = $4; rs = $5; rm = $6; note = $8; ratio = "-"
	if (s != "-" && rs != "-" && s > 0) {
		r = rs / s; ratio = sprintf("%.2fx", r)
		if (r < 1) note = note (note == "" ? "" : "; ") "SLOWER than reference"
	}
	if (m != "-" && rm != "-" && rm > 0 && m / rm > 1.5)
		note = note (note == "" ? "" : "; ") sprintf("memory %.1fx reference", m / rm)
	printf fmt, $1, $2, (s == "-" ? "-" : sprintf("%.3f", s)), $7, m, (rs == "-" ? "-" : sprintf("%.3f", rs)), rm, ratio, note
}' "$TIMES"

if [ "$NO_DIGEST" != 1 ]; then
	echo
	echo "Byte identity (sha256 of the full output vs reference-digests.txt)"
	awk -F'\t' '
	BEGIN { fmt = "%-22s %-14s %-6s %s\n"; printf fmt, "log", "output", "result", "detail"; printf fmt, "---", "------", "------", "------" }
	{ printf fmt, $1, $2, $3, $4 }' "$DIGESTS"
	for f in "$TMP"/diff_*; do
		[ -e "$f" ] || continue
		k=${f##*/diff_} li=${k%_*} ri=${k#*_}
		echo
		echo "first differences, ${LOGS[$li]} ${R_NAME[$ri]} (< reference, > iolens):"
		cat "$f"
	done
	n_match=$(grep -c '	MATCH	' "$DIGESTS")
	n_all=$(grep -vc '	-	' "$DIGESTS")
	echo
	echo "digests: $n_match of $n_all outputs match the reference"
fi
# the tree walk of fsstats against find (bench/fsstats.sh; BENCH_FSSTATS=0 skips it)
if [ "${BENCH_FSSTATS:-1}" = 1 ] && [ -z "${BENCH_ROWS:-}" ]; then echo; IOLENS=$IOLENS bash "$TOP/bench/fsstats.sh" || fail=1; fi
echo "total bench time: $(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }') s"
exit $fail
