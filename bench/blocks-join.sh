#!/bin/sh
# blocks-join.sh BIN OUTDIR PROG.c|PROG.cpp...: build each program (-g -O0),
# trace it (iolens trace --stacks), join blocks --source to the trace, and
# count the join's rows by status, per program and in total (issue 33).
# Compare two binaries: run it twice, e.g. over t/data/blocks/*.c*.
BIN=$1 OUT=$2
shift 2
mkdir -p "$OUT" || exit 1
OUT=$(cd "$OUT" && pwd)
for src in "$@"; do
	src=$(cd "$(dirname "$src")" && pwd)/$(basename "$src")
	n=$(basename "$src") d=$OUT/$n
	rm -rf "$d" && mkdir -p "$d" && cp "$src" "$d/" || continue
	# a program of two sources: the other one built and joined with it
	more=
	case $n in
	chain-app.c) more=chain-lib.c && cp "${src%/*}"/chain-lib.[ch] "$d/" ;;
	chain-lib.c) continue ;;
	own-app.c) more=own-meta.c && cp "${src%/*}"/own-meta.c "${src%/*}"/own-header.h "$d/" ;;
	own-meta.c) continue ;;
	minilog-app.c) more=minilog.c && cp "${src%/*}"/minilog.c "$d/" ;;
	minilog.c) continue ;;
	esac
	(
		cd "$d" || exit 1
		head -c 100000 /dev/zero > d
		case $n in
		*.cpp) c++ -g -O0 -pthread -o p "$n" 2> /dev/null ;;
		mpi-init.c | mpiio-real.c | mpi-byname.c) mpicc -g -O0 -o p "$n" 2> /dev/null ;;
		*) cc -g -O0 -pthread -o p "$n" $more 2> /dev/null ;;
		esac || { echo "$n: no build"; exit 0; }
		case $n in
		assume.c) args="10 100" ;; known.c) args=out.dat ;; vidya.c) args="out 5" ;; *) args= ;;
		esac
		# shellcheck disable=SC2086
		"$BIN" trace --stacks -o p.it ./p $args > /dev/null 2>&1
		# shellcheck disable=SC2086
		"$BIN" blocks --source --format=csv "$n" $more p.it > j.csv 2> j.err
		awk -F, -v n="$n" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			{ s[$c["status"]]++; r++ }
			END { printf "%s rows=%d exact=%d calls_exact=%d differs=%d unknown=%d notpred=%d upto=%d\n",
				n, r, s["exact"], s["calls exact"], s["differs"], s["unknown"], s["not predicted"], s["up to"] }' j.csv
	)
done | tee "$OUT/summary.txt" | awk '{ print } { for (i = 2; i <= NF; i++) { split($i, a, "="); t[a[1]] += a[2] } }
	END { printf "TOTAL"; for (k in t) printf " %s=%d", k, t[k]; print "" }'
