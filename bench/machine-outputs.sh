#!/bin/sh
# The machine outputs (CSV and JSON) of every table command on the
# corpus, the sample logs and the population store, one file each, so
# that two builds can be compared byte for byte (issue 36: a change of
# presentation must not change them).
#   usage: sh bench/machine-outputs.sh IOLENS OUTDIR
#   then:  diff -r OUTDIR-a OUTDIR-b
# Outputs that hold times measured at run time (replay) are left out.
set -u
IOLENS=$1
OUT=$2
TOP=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${SHARED:-$TOP/../shared}
export LC_ALL=C TZ=UTC
mkdir -p "$OUT"

logs=$(ls "$TOP"/sample-logs/ior/*/*.darshan "$TOP"/sample-logs/nonmpi/darshan/*/*.darshan)
[ -d "$SHARED/corpus/darshan-logs" ] &&
	logs="$logs $(find "$SHARED/corpus/darshan-logs" -name '*.darshan' | sort)"
trace=$(ls "$TOP"/sample-logs/ior/strace_ior_posix_n1_t4m/* | head -1)

run() {	# run NAME ARGS...: NAME.csv and NAME.json (and the exit status)
	name=$1
	shift
	for f in csv json; do
		"$IOLENS" "$@" --format=$f >"$OUT/$name.$f" 2>"$OUT/$name.$f.err"
		echo "rc=$?" >>"$OUT/$name.$f.err"
		sed -i "s|$OUT/\.\./pop-[0-9]*\.db|STORE|" "$OUT/$name.$f.err"
	done
}

i=0
for l in $logs; do
	i=$((i + 1))
	for c in summary files hist meta timeline triage; do
		run "$c.$i" $c "$l"
	done
	run "files-shared.$i" files --shared "$l"
	run "files-merge.$i" files --merge "$l"
done
run summary.trace summary "$trace"
run files.trace files "$trace"
set -- $logs
run diff.1 diff "$1" "$2"
run diff.2 diff "$3" "$4"

store=$OUT/../pop-$$.db
if [ -d "$SHARED/corpus/population" ]; then
	"$IOLENS" ingest --db "$store" "$SHARED/corpus/population" >/dev/null 2>&1
	for c in jobs groups variance coverage; do
		run "$c.pop" $c --db "$store"
	done
	# the one column that is the time of this run's ingest
	for f in "$OUT"/jobs.pop.csv "$OUT"/jobs.pop.json; do
		perl -pi -e 's/("?ingest_time"?:)?\b1[0-9]{9}\.[0-9]+/${1}INGEST_TIME/ if $. > 0' "$f"
	done
	run triage.pop triage --db "$store"
	run context.pop context --db "$store" "$(ls "$SHARED"/corpus/population/logs/*.darshan | head -1)"
	for r in "$TOP"/sample-logs/iostat/*; do
		run "iostat.$(basename "$r")" iostat "$r"
	done
	rm -f "$store"
fi
ls "$OUT" | wc -l
