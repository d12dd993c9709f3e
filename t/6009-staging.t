#!/bin/sh
# Staging, under hostile scripts: the directories above the paths are
# resolved once each, not once for each prefix of each path; a signal
# and --timeout are looked at for every path; only the paths the calls
# and inputs name get directories (not "system" paths, the originals of
# "rewrite" lines or the text of links), and those count against
# --max-inputs.  Every assertion is a count or an exit status: a time
# appears only as a bound hundreds of times what this needs, that the
# old staging passed by minutes.
. "$(dirname "$0")/lib.sh"

W=$TMP/w
mkdir -p "$W/sb"
head_=$(printf 'iolens-replay-script 1\nsource "hand"\ninferred no\noverhead 0 none\n')

# deep D N [TAIL]: N stats beneath one prefix D directories deep ("a/a/
# ...": 2 bytes a level), then TAIL; the first beneath "m" there, which
# the old staging made last before it went on making nothing
deep() {
	awk -v h="$head_" -v d="$1" -v n="$2" -v tail="${3:-}" 'BEGIN {
		print h; p = "a"; for (i = 1; i < d; i++) p = p "/a"
		print "rank 0 pid 1"
		print "stat \"" p "/m/f\" = -1 ENOENT 0.00001"
		for (i = 1; i < n; i++) print "stat \"" p "/f" i "\" = -1 ENOENT 0.00001"
		if (tail != "") print tail }'
}

# dirs: the directories in the one run directory kept in the sandbox
dirs() {
	find "$W"/sb/iolens-replay.* -mindepth 1 -type d -printf '%P\n' 2> /dev/null | sort
}

# ---- the directories above 400 paths beneath one prefix 400 deep: a
# lookup for each directory, not for each prefix of each path (counted
# with strace: 400 paths made 160,000 mkdirat and as many openat2)
deep 400 400 > "$TMP/lookups.script"
if strace -f -qq -c -o "$TMP/probe.sc" -e trace=openat2,mkdirat true 2> /dev/null; then
	$RUN replay --allow-root --dir "$W/sb" "$TMP/lookups.script" > /dev/null 2>&1 # compiled
	# (LeakSanitizer cannot run under ptrace)
	ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} strace -f -qq -c -o "$TMP/lookups.sc" -e trace=openat2,mkdirat \
		$IOLENS replay --allow-root --as-fast-as-possible --dir "$W/sb" "$TMP/lookups.script" > /dev/null 2> "$TMP/lookups.err"
	st=$?
	n=$(awk '$NF == "openat2" || $NF == "mkdirat" { n += $4 } END { print n + 0 }' "$TMP/lookups.sc")
	ok $([ $st -eq 0 ] && [ "$n" -gt 400 ] && [ "$n" -lt 4000 ]; echo $?) "400 paths beneath one prefix 400 deep: $n openat2 and mkdirat calls, staging and replay, under 4,000 (exit $st: $(head -c 160 "$TMP/lookups.err"))"
else
	skip "strace cannot trace here" 1
fi

# ---- --timeout counts from before staging, and staging looks at it: a
# deadline that has passed when the first path is reached stops the run
# there, with nothing made (the old staging made all 300 directories,
# then the replay timed out)
deep 300 300 > "$TMP/early.script"
$RUN replay --allow-root --keep --timeout 1e-9 --dir "$W/sb" "$TMP/early.script" > /dev/null 2> "$TMP/early.err"
st=$?
ok $([ $st -eq 1 ] && grep -q "timed out (--timeout) while staging" "$TMP/early.err"; echo $?) "--timeout 1e-9: timed out while staging (exit $st: $(head -c 160 "$TMP/early.err"))"
is "$(dirs | wc -l)" 0 "... no directory made"
rm -rf "$W/sb"/iolens-replay.*

# ends PID BOUND: whether PID ends within BOUND seconds (killed if not);
# its status in $st
ends() {
	_i=0
	while kill -0 "$1" 2> /dev/null && [ $_i -lt $(($2 * 10)) ]; do sleep 0.1; _i=$((_i + 1)); done
	if kill -0 "$1" 2> /dev/null; then
		kill -9 "$1"
		wait "$1"
		st=killed
		return 1
	fi
	wait "$1"
	st=$?
}

# ---- 2000 paths beneath one prefix 2000 deep (8 MB; 400 such ran 42 s
# past --timeout 1, and SIGTERM waited 32 s): the new staging takes a
# second, the old took minutes; the replay ends in a gap of 600 s
deep 2000 2000 'compute 600
stat "." = 0 0.00001' > "$TMP/big.script"
$RUN replay --allow-root --timeout 1 --dir "$W/sb" "$TMP/big.script" > /dev/null 2> "$TMP/big.err" &
ends $! 120
ok $([ "$st" = 1 ] && grep -q "timed out (--timeout)" "$TMP/big.err"; echo $?) "--timeout 1: timed out, within 120 s (exit $st: $(head -c 160 "$TMP/big.err"))"
is "$(ls -A "$W/sb")" "" "... the run directory removed"
rm -rf "$W/sb"/iolens-replay.*

# SIGTERM once staging has made the whole prefix, "m" at its end (found
# by a watcher, no sleep guessed; then the old staging made nothing more
# and so looked at nothing): the run stops, with the signal's status
$RUN replay --allow-root --dir "$W/sb" "$TMP/big.script" > /dev/null 2> "$TMP/term.err" &
pid=$!
i=0
while [ -z "$(find "$W/sb" -name m -type d 2> /dev/null)" ] && kill -0 $pid 2> /dev/null && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
kill -TERM $pid
ends $pid 120
is "$st:$(ls -A "$W/sb")" "143:" "SIGTERM while staging: acted on within 120 s, exit 143, the run directory removed ($(head -c 160 "$TMP/term.err"))"
rm -rf "$W/sb"/iolens-replay.*

# ---- strings that name no file make no directory: 5000 "system" paths,
# the original of a "rewrite", the targets of a link input and of a
# symlink call (50,000 system lines made 50,000 directories, with
# --max-inputs 1 and "0 inputs staged")
awk -v h="$head_" 'BEGIN { print h
	for (i = 0; i < 5000; i++) print "system \"s" i "/x\""
	print "rewrite \"/orig/r/x\" \"rw/a/x\""
	print "input \"l/lk\" link \"../t1/t2/t3\""
	print "rank 0 pid 1"
	print "stat \"c/d/f\" = -1 ENOENT 0.00001"
	print "symlink \"c/sl\" \"q1/q2/q3\" = 0 0.00001" }' > "$TMP/system.script"
$RUN replay --allow-root --keep --max-inputs 3 --dir "$W/sb" "$TMP/system.script" > "$TMP/system.out" 2> "$TMP/system.err"
st=$?
is "$st $(dirs | wc -l) $(dirs | head -n 4 | tr '\n' ' ')" "0 3 c c/d l " "5000 system paths, a rewrite, two link targets: only the calls' and the input's parents made, 3 within --max-inputs 3 ($(head -c 160 "$TMP/system.err"))"
grep -q "^replay of '.*': 1 section, 1 input staged (0 B), 3 directories made," "$TMP/system.out"
ok $? "... the report counts them ($(head -n 1 "$TMP/system.out"))"
rm -rf "$W/sb"/iolens-replay.*

# ... and the directories made count against --max-inputs: refused
# there, nothing left
$RUN replay --allow-root --max-inputs 2 --dir "$W/sb" "$TMP/system.script" > /dev/null 2> "$TMP/over.err"
st=$?
ok $([ $st -eq 1 ] && grep -q "the script stages more than 2 directories above its paths; the limit is 2 (--max-inputs)" "$TMP/over.err"; echo $?) "3 directories to stage with --max-inputs 2: refused (exit $st: $(head -c 160 "$TMP/over.err"))"
is "$(ls -A "$W/sb")" "" "... the run directory removed"

# ---- the directories made are those of every path's prefixes, whatever
# their shapes and order: shared prefixes, ".", empty components, a
# trailing slash, a directory the script makes itself (not made, nor
# those beneath it), an input file named as a directory, an input dir
printf '%s\n%s\n' "$head_" 'input "in/f.gz" 3
input "ind/sub" dir
rank 0 pid 1
stat "x/y/z/f" = -1 ENOENT 0.00001
stat "x/y2/f" = -1 ENOENT 0.00001
stat "x/y/w/f" = -1 ENOENT 0.00001
stat "./p/./q/f" = -1 ENOENT 0.00001
stat "r//s///f" = -1 ENOENT 0.00001
stat "t/u/" = 0 0.00001
stat "in/f.gz/y" = -1 ENOTDIR 0.00001
stat "m/n/f" = -1 ENOENT 0.00001
mkdir "m" 0755 = 0 0.00001
open "o/p/f" wronly|creat 0644 = 3 0.00001
close 3 = 0 0.00001' > "$TMP/shapes.script"
$RUN replay --allow-root --keep --format=json --dir "$W/sb" "$TMP/shapes.script" > "$TMP/shapes.json" 2> "$TMP/shapes.err"
st=$?
is "$st:$(dirs | tr '\n' ' ')" "0:in ind ind/sub m o o/p p p/q r r/s t t/u x x/y x/y/w x/y/z x/y2 " "paths of every shape: the directories above them, and none beneath one the script makes ($(head -c 160 "$TMP/shapes.err"))"
grep -q '"dirs_made":16,' "$TMP/shapes.json"
ok $? "... 16 made by staging, in the JSON report ($(grep -o '"dirs_made":[0-9]*' "$TMP/shapes.json"))"
rm -rf "$W/sb"/iolens-replay.*

done_testing
