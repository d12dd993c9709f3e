#!/bin/sh
# IOL-REDUNDANT counts the bytes STDIO rewrote beyond POSIX's (issue 34,
# round 59).  numpy's np.save writes a 128-byte header by write(2) and
# the data by one fwrite on a dup'ed descriptor, so r59-ckpt-every2's 20
# saves of one 8 MiB checkpoint (STDIO OPENS 20, BYTES_WRITTEN
# 167772160, MAX_BYTE_WRITTEN 8388735) held only the headers' 2432 B of
# POSIX rewrites: main said "0 B rewritten" and warned nothing (labelled
# material: the every-20 twin saved 2.5-4.8 s).  Now STDIO's excess
# counts as POSIX's does, judged by both impact floors; its reopens count
# as POSIX's (r53-ph-rewrite: diag.txt re-created by fopen 2000 times,
# labelled material).  A file read back pass for pass is a state handed
# between steps, no rewrite (r57-py-interm-local, labelled trivial);
# the every-20 twin's one overwrite stays under the floors.  Truths by
# awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
DUMP=$TOP/t/unit/jobrow-dump
truth() { # log: POSIX rewrites, and STDIO's beyond them in files not read back
	$RUN parse "$1" 2>/dev/null | awk '
		$4 == "STDIO_BYTES_WRITTEN" { sw[$3] += $5 }
		$4 == "STDIO_BYTES_READ" { sr[$3] += $5 }
		$4 == "STDIO_MAX_BYTE_WRITTEN" && $5 > sm[$3] { sm[$3] = $5 }
		$4 == "POSIX_BYTES_WRITTEN" { pw[$3] += $5 }
		$4 == "POSIX_MAX_BYTE_WRITTEN" && $5 > pm[$3] { pm[$3] = $5 }
		END { for (k in pw) if (pw[k] > pm[k] + 1) a += pw[k] - pm[k] - 1
			for (k in sw) { s = sw[k] - sm[k] - 1
				if (s <= 0 || sr[k] >= s) continue
				p = pw[k] - pm[k] - 1; p = p > 0 ? p : 0
				if (s > p) b += s - p }
			printf "%d %d\n", a, b }'
}
field() { # log name: the job-row field's value
	"$DUMP" "$1" | awk -F'\t' -v k="$2" '$1 == k { print $2 }'
}
red() { # log: REDUNDANT's state and its detail
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-REDUNDANT" { print $3 "\t" $8 }'
}
state() { red "$1" | cut -f1; }

f=$D/triage-round59/r59-ckpt-every2.darshan
is "$(truth "$f")" "2432 159380992" "ckpt-every2: awk: 2432 B of POSIX rewrites (headers), 159380992 B of STDIO's beyond"
is "$(field "$f" redundant_bytes)" 159383424 "ckpt-every2: redundant_bytes holds both (main: 2432)"
is "$(state "$f")" warn "ckpt-every2: REDUNDANT warns (main: ok)"
for r in "$D"/triage-round59/reruns/r59-labels59-ab*-ckpt-every2.darshan; do
	is "$(state "$r")" warn "$(basename "$r"): the same verdict"
done
for r in "$D"/triage-round59/r59-ckpt-every20.darshan \
	"$D"/triage-round59/reruns/r59-labels59-ab*-ckpt-every20.darshan; do
	is "$(truth "$r")" "128 8388352" "$(basename "$r"): awk: one overwrite of 8 MiB"
	is "$(state "$r")" info "$(basename "$r"): below the floors (labelled trivial)"
done
f=$D/triage-round57/r57-py-interm-local.darshan
is "$(truth "$f" | cut -d' ' -f2)" 0 "py-interm-local: awk: read back pass for pass, no STDIO rewrite"
test "$(field "$f" redundant_bytes)" -lt 1048576
ok $? "py-interm-local: redundant_bytes holds none of STDIO's 800 MiB written"
for r in "$f" "$D"/triage-round57/reruns/r57-labels57-ab*-py-interm-local.darshan; do
	is "$(state "$r")" info "$(basename "$r"): below the floors (labelled trivial)"
done
for r in "$D"/triage-round53/r53-ph-rewrite.darshan \
	"$D"/triage-round53/reruns/r53-labels53-ab*-ph-rewrite.darshan; do
	red "$r" | grep -q "with the reopens of the passes rewriting a file"
	ok $? "$(basename "$r"): the fopen \"w\" reopens are staked"
	is "$(state "$r")" warn "$(basename "$r"): REDUNDANT warns (labelled material)"
done
done_testing
