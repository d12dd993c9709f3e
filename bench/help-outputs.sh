#!/bin/sh
# What the binary prints about its own use: `iolens --help`, every
# command's --help (and -h, and `iolens help CMD`), the sub-helps of
# blocks, and the messages of usage errors (no argument, an unknown
# option, an option without its value), one file each with stdout, stderr
# and the exit status, so that two builds can be compared byte for byte
# (issue 36: the help texts left the C code, man/help/*.txt).
#   usage: sh bench/help-outputs.sh IOLENS OUTDIR
#   then:  diff -r OUTDIR-a OUTDIR-b
# The binary's own directory (in report's template path) reads BINDIR.
set -u
IOLENS=$1
OUT=$2
BINDIR=$(cd "$(dirname "$IOLENS")" && pwd)
export LC_ALL=C TZ=UTC
mkdir -p "$OUT"
n=0

run() {	# run NAME ARGS...: NAME with stdout, stderr and the exit status
	name=$1
	shift
	# no stdin, and a bound on time: a usage error never waits
	timeout 20 "$IOLENS" "$@" </dev/null >"$OUT/$name" 2>"$OUT/$name.err"
	echo "rc=$?" >>"$OUT/$name.err"
	sed -i "s|$BINDIR|BINDIR|g" "$OUT/$name" "$OUT/$name.err"
	n=$((n + 1))
}

run top--help --help
run top-h -h
run top-help help
run top-none
run top-nosuch nosuch
run top-help-two help summary files
run top-help-columns help --columns
run top-help-columns-bad help --columns summary --bad
cmds=$("$IOLENS" --help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && /^  [^ ]/ { print $1 }')
for c in $cmds; do
	run "$c--help" "$c" --help
	run "$c-h" "$c" -h
	run "help-$c" help "$c"
	run "$c-none" "$c"
	run "$c-bogus" "$c" --zz-bogus
	run "$c-bogus-after-help" "$c" --help --zz-bogus
	run "$c-format-novalue" "$c" --format
	run "$c-version" "$c" --version
done
run blocks-source--help blocks --source --help
run blocks-source-bogus blocks --source --zz-bogus x.c
run blocks-calibrate--help blocks --calibrate --help
run blocks-calibrate-two blocks --calibrate a b
echo "$n cases in $OUT"
