#!/usr/bin/env bash
# bench/tracer.sh: what iolens trace costs a call, side by side with the
# untraced program and strace (issue 38).  dd bs=512 of TRACER_BLOCKS
# blocks (default 1048576: 512 MiB, a read and a write each) to a file
# under TMPDIR, run untraced, under iolens trace, iolens trace --stacks
# and strace -f -ttt -T, alternated (A B C D A B C D ...), TRACER_RUNS
# rounds (default 5; strace's 17 s a run: TRACER_STRACE=0 leaves it out).
# Each row: the medians of wall time, CPU time (user + sys of every
# process: iolens trace's merge included) and peak RSS; then what the
# tracer added a call, wall and CPU, against the untraced medians, for
# the whole run with the trace written and merged.  The calls are those
# the trace holds ("N calls" of iolens trace); a dd block is two.  The
# load average is printed with every row: on a shared machine the CPU
# figure is the stable one.  TRACER_BASE=/path/to/another/iolens adds
# its iolens trace as a row in the same rounds (before and after).
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/env.sh"

N=${TRACER_BLOCKS:-1048576}
RUNS=${TRACER_RUNS:-5}
TIME=${BENCH_TIME:-/usr/bin/time}
STRACE=${TRACER_STRACE:-1}
if [ ! -x "$TIME" ]; then
	echo "tracer: no GNU time at $TIME: skipped"
	exit 0
fi
if [ ! -f "$(dirname "$IOLENS")/iolens-trace.so" ]; then
	echo "tracer: no iolens-trace.so beside $IOLENS: skipped"
	exit 0
fi
command -v strace > /dev/null || STRACE=0
W=$(mktemp -d "${TMPDIR:-/tmp}/tracer.XXXXXX")
trap 'rm -rf "$W"' EXIT

DD="dd if=/dev/zero of=$W/x bs=512 count=$N"
BASE=${TRACER_BASE:-}
sides="plain trace stacks"
[ -n "$BASE" ] && [ -x "$BASE" ] && sides="plain base trace stacks"
[ "$STRACE" = 0 ] || sides="$sides strace"
for s in $sides; do : > "$W/$s.t"; done
for i in $(seq "$RUNS"); do
	for s in $sides; do
		case $s in
		plain) cmd=($DD) ;;
		base) cmd=("$BASE" trace -o "$W/t.trace" $DD) ;;
		trace) cmd=("$IOLENS" trace -o "$W/t.trace" $DD) ;;
		stacks) cmd=("$IOLENS" trace --stacks -o "$W/t.trace" $DD) ;;
		strace) cmd=(strace -f -ttt -T -o "$W/t.trace" $DD) ;;
		esac
		rm -f "$W/t.trace" "$W/x"
		"$TIME" -o "$W/t" -f '%e %U %S %M' "${cmd[@]}" > /dev/null 2> "$W/err"
		echo "$? $(tail -1 "$W/t")" >> "$W/$s.t"
		# the calls the trace holds, as iolens trace counts them
		[ $s = trace ] && sed -n 's/^iolens trace: \([0-9]*\) calls.*/\1/p' "$W/err" > "$W/calls"
	done
	rm -f "$W/t.trace" "$W/x"
done
calls=$(cat "$W/calls" 2> /dev/null)
echo "tracer: dd bs=512 count=$N to $W, ${calls:-?} calls traced, medians of $RUNS runs alternated; load: $(cut -d' ' -f1-3 /proc/loadavg)"
for s in $sides; do
	load=$(cut -d' ' -f1-3 /proc/loadavg)
	awk -v name="$s" -v calls="${calls:-0}" -v ld="$load" -f "$MEDIANS" -f <(printf '%s\n' '
		function report(   label) {
			label = name == "plain" ? "untraced" : name == "trace" ? "iolens trace" : name == "base" ? "base trace" : name == "stacks" ? "... --stacks" : "strace -f"
			printf "%-13s %7.2f s wall %7.2f s cpu %6.1f MB", label, W[2], C[2], R[2]
			if (name != "plain" && calls > 0)
				printf " | %+.3f us a call wall, %+.3f us cpu (x%.1f wall)", (W[2] - W[1]) * 1e6 / calls, (C[2] - C[1]) * 1e6 / calls, (W[1] > 0 ? W[2] / W[1] : 0)
			printf "%s | load %s\n", (bad[1] || bad[2] ? " (a run failed)" : ""), ld
		}') "$W/plain.t" "$W/$s.t"
done
