#!/bin/sh
# fuzz/seeds.sh TARGET DIR: fill DIR with the seed inputs of a fuzz target:
# the small seeds kept in fuzz/seeds/TARGET, our sample logs and traces,
# the regression inputs of t/fuzz-regress/TARGET, and, when ../shared is
# present, its corpus (public logs are read from there, never copied into
# the repository).  Text seeds are cut to 16 KiB: the fuzzer mutates small
# inputs faster, and a cut trace is an input worth reading too.
set -e
target=$1 dir=$2
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$(cd "$top/.." && pwd)/shared}
mkdir -p "$dir"
# seed [MAX] < data: one input (at most MAX bytes), named by its checksum
# (seed runs in pipelines, that is in subshells: no counter)
seed() {
	head -c "${1:-16384}" > "$dir/.new"
	sum=$(cksum < "$dir/.new" | cut -d' ' -f1)
	mv "$dir/.new" "$dir/seed-$sum"
}
cat_any() { case $1 in *.xz) xz -dc "$1" ;; *.gz) gzip -dc "$1" ;; *) cat "$1" ;; esac; }
# scripts_from_traces: replay scripts, in $tmp, written by the built
# binary from our small traces and DXT logs (strace, per-rank strace,
# Darshan DXT), so that the script and compiled-script harnesses start
# from what iolens itself writes
scripts_from_traces() {
	tmp=$(mktemp -d)
	[ -x "$top/bin/iolens" ] || return 0
	n=0
	for f in "$top"/sample-logs/nonmpi/strace*/*/trace.txt.xz \
		"$top"/sample-logs/nonmpi/darshan/*/*.darshan; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		case $f in *.xz) xz -dc "$f" > "$tmp/in.txt"; in=$tmp/in.txt ;; *) in=$f ;; esac
		"$top/bin/iolens" replay-script --overhead 0 -o "$tmp/$n.script" \
			"$in" > /dev/null 2>&1 || rm -f "$tmp/$n.script"
	done
	set -- "$top"/sample-logs/ior/strace_ior_posix_n1_t4m/trace.rank*.txt.xz
	if [ -f "$1" ]; then
		i=0
		for f; do xz -dc "$f" > "$tmp/rank$i.txt"; i=$((i + 1)); done
		"$top/bin/iolens" replay-script --overhead 0 -o "$tmp/ior.script" \
			"$tmp"/rank*.txt > /dev/null 2>&1 || rm -f "$tmp/ior.script"
	fi
	rm -f "$tmp"/*.txt
}

for f in "$top/fuzz/seeds/$target"/* "$top/t/fuzz-regress/$target"/*; do
	[ -f "$f" ] && seed 1048576 < "$f"
done
case $target in
strace)
	for f in "$top"/sample-logs/nonmpi/strace*/*/trace*.txt.xz \
		"$top"/sample-logs/ior/strace_*/trace.rank*.txt.xz \
		"$top"/t/data/strace/*.trace \
		"$shared"/corpus/runs/*/strace*/*/trace*.txt*; do
		[ -f "$f" ] && cat_any "$f" | seed
	done ;;
trace)
	for f in "$top"/sample-logs/nonmpi/strace/*/trace*.txt.xz \
		"$top"/sample-logs/ior/strace_*/trace.rank0.txt.xz; do
		[ -f "$f" ] && cat_any "$f" | "$top/t/strace2iota" 0 | seed
	done ;;
darshan)
	for f in "$top"/sample-logs/*/*/*.darshan "$top"/sample-logs/*/*/*/*.darshan \
		"$shared"/corpus/darshan-logs/*/*.darshan; do
		[ -f "$f" ] && [ "$(wc -c < "$f")" -le 262144 ] && seed 262144 < "$f"
	done ;;
iostat-text|iostat-json|diskstats)
	case $target in
	iostat-text) pat='iostat*.txt*' ;; iostat-json) pat='*.json*' ;;
	*) pat='diskstats*' ;; esac
	# the head (header lines, first samples) and the tail (a sample
	# cut anywhere, the last device lines) of each recording
	for f in "$top"/sample-logs/iostat/$pat "$shared"/corpus/population/iostat/$pat; do
		[ -f "$f" ] || continue
		cat_any "$f" | seed
		cat_any "$f" | tail -c 16384 | seed
	done ;;
replay-script)
	for f in "$top"/t/data/replay/*.script; do seed < "$f"; done
	scripts_from_traces
	for f in "$tmp"/*.script; do [ -f "$f" ] && seed < "$f"; done
	rm -rf "$tmp" ;;
replay-bin)
	# compile the scripts with the built binary, when there is one
	if [ -x "$top/bin/iolens" ]; then
		scripts_from_traces
		for f in "$top"/t/data/replay/*.script "$tmp"/*.script; do
			[ -f "$f" ] || continue
			cp "$f" "$tmp/s.script"
			mkdir -p "$tmp/sb"
			# the compiled form is cached before the replay starts: a
			# few seconds of replay are enough
			# (in a cache of its own: the user's is never read)
			XDG_CACHE_HOME=$tmp/cache timeout 5 "$top/bin/iolens" \
				replay --allow-root --as-fast-as-possible \
				--dir "$tmp/sb" "$tmp/s.script" > /dev/null 2>&1 || true
			for b in "$tmp"/cache/iolens/replay/*.iolr; do
				[ -f "$b" ] && seed 1048576 < "$b"
			done
			rm -rf "$tmp"/cache
		done
		rm -rf "$tmp"
	fi ;;
fsstats) ;;
triage-conf)
	seed < "$top/etc/triage.conf" ;;
esac
echo "fuzz/seeds.sh: $(ls "$dir" | wc -l) seeds for $target in $dir"
