#!/bin/sh
# IOL-REDUNDANT books the rewrites of files the job never read as
# rewrites (issue 34, rounds 131 and 133).  main took re-reads first
# whenever the job read anything anywhere, so a job that reads its
# inputs once and rewrites another file had its rewrites booked as
# re-reads at the re-reads' pace (DXT's: 0 s), only the reopens staked.
#   r131-hmevery: a 1 MiB merged histogram rewritten after each of 96
#   inputs (96 MiB written to a 1 MiB file, 2.06 s of write time;
#   labelled REDUNDANT material, 3.0 s).  main: "99614720 B of data
#   re-read (0.000 s ...), 0 B rewritten (0.985 s ...)", info.
#   r133-manifest: a JSON manifest truncated and rewritten whole after
#   each of 300 frames, never read (labelled REDUNDANT material).
# The job-row field redundant_rewrite_bytes holds them; the truth is
# awk's over `iolens parse`: the bytes written beyond the highest byte
# written + 1 of each POSIX file no module read.  A file both read and
# written keeps main's split, re-reads first (r45-part-sorted: 9 passes
# each read and rewritten, labelled material as re-reads; the per-file
# split booked 603979776 B as rewrites and lost it), and re-reads of
# inputs stay re-reads (r85-direct: 4 epochs over each shard with
# O_DIRECT, labelled material).
. "$(dirname "$0")/lib.sh"
DUMP=$TOP/t/unit/jobrow-dump
truth() { # log: bytes written beyond the highest offset, files never read
	$RUN parse "$1" 2>/dev/null | awk '
		$4 ~ /^(POSIX|STDIO)_BYTES_READ$/ && $5 > 0 { rd[$3] = 1 }
		$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" { bw[$3] += $5 }
		$1 == "POSIX" && $4 == "POSIX_MAX_BYTE_WRITTEN" &&
			$5 > mw[$3] { mw[$3] = $5 }
		END { for (k in bw) if (!rd[k] && bw[k] > mw[k] + 1)
				b += bw[k] - mw[k] - 1
			printf "%d\n", b }'
}
field() { # log name: the job-row field's value
	"$DUMP" "$1" | awk -F'\t' -v k="$2" '$1 == k { print $2 }'
}
red() { # log: REDUNDANT's state, re-read, rewritten, all bytes of its detail
	$RUN triage --all --format tsv "$1" 2>/dev/null | awk -F'\t' '
		$2 == "IOL-REDUNDANT" { d = $8
			rr = d; sub(/ B of data re-read.*/, "", rr); sub(/.* /, "", rr)
			rw = d; sub(/ B rewritten.*/, "", rw); sub(/.* /, "", rw)
			all = d; sub(/ B moved again.*/, "", all)
			print $3, rr, rw, all }'
}

f=$TOP/t/data/triage-round131/r131-hmevery.darshan
is "$(truth "$f")" 99614720 "r131-hmevery: 95 MiB written beyond merged.dat's 1 MiB (parse)"
is "$(field "$f" redundant_rewrite_bytes)" 99614720 "r131-hmevery: redundant_rewrite_bytes holds them"
set -- $(red "$f")
is "$2 $3" "0 99614720" "r131-hmevery: booked as rewrites, none as re-reads"
ok $([ "$1" = warn ] || [ "$1" = high ] && echo 0 || echo 1) \
	"r131-hmevery: REDUNDANT warns (labelled material; got $1)"

f=$TOP/t/data/triage-round133/r133-manifest.darshan
t=$(truth "$f")
is "$(field "$f" redundant_rewrite_bytes)" "$t" "r133-manifest: redundant_rewrite_bytes is parse's $t"
set -- $(red "$f")
# the detail is cut before its rewrites here: all less the re-reads
is "$(($4 - $2))" "$t" "r133-manifest: the manifest's rewrites not booked as re-reads"
ok $([ "$2" -lt 100000 ] && echo 0 || echo 1) \
	"r133-manifest: next to no re-reads (never read back; got $2 B)"

# a file read and rewritten: re-reads first, as main
f=$TOP/t/data/triage-round45/r45-part-sorted.darshan
is "$(field "$f" redundant_rewrite_bytes)" 0 "r45-part-sorted: no file only written"
set -- $(red "$f")
is "$1 $2 $3" "warn 671088640 335544320" "r45-part-sorted: re-reads first, REDUNDANT warns"

# re-reads stay re-reads, and material
f=$TOP/t/data/triage-round85/r85-direct.darshan
is "$(field "$f" redundant_rewrite_bytes)" "$(truth "$f")" "r85-direct: rewrites as parse has them"
set -- $(red "$f")
ok $([ "$2" -gt 0 ] && echo 0 || echo 1) "r85-direct: its re-reads stay re-reads ($2 B)"
ok $([ "$1" = warn ] || [ "$1" = high ] && echo 0 || echo 1) \
	"r85-direct: REDUNDANT still warns (got $1)"
done_testing
