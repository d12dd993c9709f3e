#!/bin/sh
# Issue 36: the commands whose logic moved out of cmd/ (iostat, fsstats,
# ingest, merge-db, replay-script, replay, trace) give the same CSV/JSON
# bytes (and the same stores and scripts) before and after.
#   sh bench/cmd-bytes.sh OLD-iolens NEW-iolens
# Prints one line per case and "N cases, M differ"; exit 1 if any differ.
# Replay's measured times are masked (they differ run to run).
OLD=$(realpath "${1:?old binary}")
NEW=$(realpath "${2:?new binary}")
TOP=$(cd "$(dirname "$0")/.." && pwd)
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export LC_ALL=C TZ=UTC
n=0
bad=0
cmp_case() {	# cmp_case name cmd args... ; IOLENS substituted; filters via $FILTER
	name=$1
	shift
	for side in old new; do
		bin=$OLD
		[ $side = new ] && bin=$NEW
		mkdir -p "$W/$side"
		(cd "$W/$side" && XDG_CACHE_HOME=$W/$side/cache "$bin" "$@" > out.$n 2> err.$n; echo "exit $?" >> err.$n)
		if [ -n "$FILTER" ]; then
			sh -c "$FILTER" < "$W/$side/out.$n" > "$W/$side/f.$n"
		else
			cp "$W/$side/out.$n" "$W/$side/f.$n"
		fi
	done
	if cmp -s "$W/old/f.$n" "$W/new/f.$n" && cmp -s "$W/old/err.$n" "$W/new/err.$n"; then
		echo "same    $name ($(wc -c < "$W/new/f.$n") bytes)"
	else
		echo "DIFFER  $name"
		diff "$W/old/f.$n" "$W/new/f.$n" | head -5
		diff "$W/old/err.$n" "$W/new/err.$n" | head -5
		bad=$((bad + 1))
	fi
	n=$((n + 1))
}
FILTER=
R=$TOP/sample-logs/iostat
POP=$TOP/sample-logs/population/pop.db
for f in diskstats-5s.txt.xz iostat-x-5s.json.xz iostat-x-5s.txt.xz; do
	xz -dc "$R/$f" > "$W/${f%.xz}"
	for fmt in csv json tsv; do
		for v in "" --intervals --idle --bursts --table --cdf --summary; do
			cmp_case "iostat $v --format $fmt $f" iostat $v --format $fmt "$W/${f%.xz}"
		done
		cmp_case "iostat --interval 60s --summary $fmt $f" iostat --interval 60s --min-idle 30s --idle-threshold 10 --burst-threshold 40 --summary --format $fmt "$W/${f%.xz}"
		for v in "" --jobs --summary; do
			cmp_case "iostat --db $v --format $fmt $f" iostat --db "$POP" $v --format $fmt "$W/${f%.xz}"
		done
	done
done
cmp_case "iostat two recordings csv" iostat --summary --format csv "$W/diskstats-5s.txt" "$W/iostat-x-5s.txt"

# fsstats on a tree with fixed times
T=$W/tree
mkdir -p "$T/a/b" "$T/c"
i=0
for p in a/x a/b/yy a/b/zzz c/long-name-of-a-file c/e f; do
	head -c $((i * 1000 + 7)) /dev/zero > "$T/$p"
	touch -d "2026-0$((i % 9 + 1))-03 10:00:00" "$T/$p"
	i=$((i + 1))
done
ln "$T/f" "$T/c/hard"
touch -d '2026-01-01' "$T/a/b" "$T/a" "$T/c" "$T"
for fmt in csv json tsv; do
	cmp_case "fsstats --format $fmt" fsstats --threads 1 --now 2026-11-01 --format $fmt "$T"
	for h in size dirfiles mtime atime names; do
		cmp_case "fsstats --hist $h --format $fmt" fsstats --threads 1 --now 2026-11-01 --hist $h --format $fmt "$T"
	done
done
"$OLD" fsstats --now 2026-11-01 --save "$W/snap1" "$T" > /dev/null
head -c 5000 /dev/zero > "$T/c/new" && touch -d '2026-10-01' "$T/c/new" "$T/c"
"$OLD" fsstats --now 2026-11-01 --save "$W/snap2" "$T" > /dev/null
for fmt in csv json tsv; do
	cmp_case "fsstats --compare --format $fmt" fsstats --compare --format $fmt "$W/snap1" "$W/snap2"
done
cmp_case "fsstats --save FILE: its output (csv)" fsstats --threads 1 --now 2026-11-01 --format csv --save snap "$T"
n=$((n + 1))
if cmp -s "$W/old/snap" "$W/new/snap"; then echo "same    fsstats --save: the snapshot ($(wc -c < "$W/new/snap") bytes)"
else echo "DIFFER  fsstats --save: the snapshot"; bad=$((bad + 1)); fi

# ingest and merge-db: the stores, dumped (ingest time columns as they are:
# compare the rows iolens jobs gives and the dump without timestamps)
L=$TOP/sample-logs/population
for side in old new; do
	bin=$OLD
	[ $side = new ] && bin=$NEW
	mkdir -p "$W/db-$side"
	"$bin" ingest --db "$W/db-$side/all.db" -j 2 --sacct "$L/sacct.txt" "$L/logs" > /dev/null 2>&1
	"$bin" ingest --db "$W/db-$side/s0.db" -j 1 --shard 0/2 "$L/logs" > /dev/null 2>&1
	"$bin" ingest --db "$W/db-$side/s1.db" -j 1 --shard 1/2 "$L/logs" > /dev/null 2>&1
	"$bin" merge-db "$W/db-$side/m.db" "$W/db-$side/s0.db" "$W/db-$side/s1.db" > /dev/null 2>&1
done
# what ingest says (stdout and stderr) on bad input: a missing argument,
# a file that is no log, a cut log, a bad accounting file
B=$W/bad
mkdir -p "$B"
printf 'not a log' > "$B/junk.darshan"
f1=$(ls "$L"/logs/*.darshan | head -1)
head -c 1500 "$f1" > "$B/cut.darshan"
printf 'JobID|User\n1|a|b\n\0x\n' > "$B/sacct-bad.txt"
printf '%s\n' "$B/junk.darshan" "$B/none.darshan" > "$B/list"
for side in old new; do
	bin=$OLD
	[ $side = new ] && bin=$NEW
	(cd "$B" && "$bin" ingest --db "$W/db-$side/bad.db" -j 1 --sacct "$B/sacct-bad.txt" --sacct "$L/sacct.txt" \
		--sacct "$B/nosuch" "$B" "$B/missing" "@$B/list" > "$W/db-$side/bad.out" 2>&1
	echo "exit $?" >> "$W/db-$side/bad.out"
	"$bin" ingest --db "$W/db-$side/none.db" "$B/missing" >> "$W/db-$side/bad.out" 2>&1
	echo "exit $? $(ls "$W/db-$side" | grep -c none.db)" >> "$W/db-$side/bad.out")
done
n=$((n + 1))
if cmp -s "$W/db-old/bad.out" "$W/db-new/bad.out"; then echo "same    ingest: what it says on bad input ($(wc -l < "$W/db-new/bad.out") lines)"
else echo "DIFFER  ingest: what it says on bad input"; diff "$W/db-old/bad.out" "$W/db-new/bad.out" | head; bad=$((bad + 1)); fi
for db in all s0 s1 m bad; do
	for fmt in csv json; do
		FILTER=
		cmp_case "ingest store $db: jobs --format $fmt (old store)" jobs --db "$W/db-old/$db.db" --format $fmt
		# the time of ingest (column ingested) differs run to run
		a=$("$OLD" jobs --db "$W/db-old/$db.db" --format $fmt | sed "s/$(date +%s | cut -c1-6)[0-9]*\.[0-9]*/T/g" | md5sum)
		b=$("$OLD" jobs --db "$W/db-new/$db.db" --format $fmt | sed "s/$(date +%s | cut -c1-6)[0-9]*\.[0-9]*/T/g" | md5sum)
		n=$((n + 1))
		if [ "$a" = "$b" ]; then echo "same    ingest store $db (new binary's store = old's, jobs --format $fmt)"
		else echo "DIFFER  ingest store $db (jobs --format $fmt)"; bad=$((bad + 1)); fi
	done
	a=$(sqlite3 "$W/db-old/$db.db" "select * from jobs order by path" 2>&1 | sed "s/$(date +%s | cut -c1-6)[0-9]*\.[0-9]*/T/g" | md5sum)
	b=$(sqlite3 "$W/db-new/$db.db" "select * from jobs order by path" 2>&1 | sed "s/$(date +%s | cut -c1-6)[0-9]*\.[0-9]*/T/g" | md5sum)
	n=$((n + 1))
	if [ "$a" = "$b" ]; then echo "same    ingest store $db: every column of jobs (times of ingest masked)"
	else echo "DIFFER  ingest store $db: sqlite rows"; bad=$((bad + 1)); fi
done

# replay-script: the scripts it writes; replay: JSON/CSV keys and counts
D=$TOP/t/data/strace
for t in $(ls "$D" | grep '\.trace$' | head -12); do
	FILTER=
	for side in old new; do
		bin=$OLD
		[ $side = new ] && bin=$NEW
		mkdir -p "$W/rs-$side"
		(cd "$W/rs-$side" && "$bin" replay-script --overhead 0 -o "$t.script" "$D/$t" > "$t.out" 2>&1; echo "exit $?" >> "$t.out")
	done
	n=$((n + 1))
	if cmp -s "$W/rs-old/$t.script" "$W/rs-new/$t.script" && cmp -s "$W/rs-old/$t.out" "$W/rs-new/$t.out"; then
		echo "same    replay-script $t ($(wc -c < "$W/rs-new/$t.script" 2> /dev/null) bytes)"
	else echo "DIFFER  replay-script $t"; bad=$((bad + 1)); fi
done
S=$TOP/t/data/replay/small.script
mkdir -p "$W/sb"
# times and rates masked: the measured numbers differ run to run
FILTER="sed -E 's/-?[0-9]+\\.[0-9]+(e-?[0-9]+)?/N/g; s/\"(run_s|read_s|write_s|meta_s|overhead_s|[a-z_]*ratio[a-z_]*)\":[^,}]*/\"\\1\":N/g'"
for fmt in json csv tsv; do
	cmp_case "replay --format $fmt small.script" replay --allow-root --as-fast-as-possible --format $fmt --dir "$W/sb" "$S"
	cmp_case "replay --runs 3 --format $fmt small.script" replay --allow-root --as-fast-as-possible --runs 3 --format $fmt --dir "$W/sb" "$S"
done
FILTER=

# trace: the trace of a small command and what trace says, with times,
# pids and the tracer's cost masked (they differ run to run)
for side in old new; do
	bin=$OLD
	[ $side = new ] && bin=$NEW
	mkdir -p "$W/tr-$side"
	(cd "$W/tr-$side" && printf 'abc\n' > in.txt &&
		"$bin" trace -o t.trace sh -c 'cat in.txt > out.txt; exit 3' 2> err; echo "exit $?" >> err
		"$bin" trace -o t2.trace no-such-program-here 2>> err; echo "exit $?" >> err
		sed -E 's/tr-(old|new)/tr-X/g; s/[0-9]+/N/g' t.trace > t.masked; sed -E 's/[0-9]+/N/g' err > err.masked)
done
n=$((n + 1))
if cmp -s "$W/tr-old/t.masked" "$W/tr-new/t.masked" && cmp -s "$W/tr-old/err.masked" "$W/tr-new/err.masked"; then
	echo "same    trace: the trace and its messages, numbers masked ($(wc -l < "$W/tr-new/t.masked") lines)"
else echo "DIFFER  trace"; diff "$W/tr-old/t.masked" "$W/tr-new/t.masked" | head -5; bad=$((bad + 1)); fi
echo "$n cases, $bad differ"
[ "$bad" = 0 ]
