#!/bin/sh
# files --by ost split a striped file's bytes and time evenly among all
# its OSTs.  On the DLIO logs of ../shared (real jobs on Polaris' Lustre)
# the training files of 100-225 MB are striped over 160 OSTs in 1 MiB
# stripes: the smallest touches the first 96 of its OSTs only
# (POSIX_MAX_BYTE_READ), yet every OST got 1/160 of it, and every OST
# showed the same bytes, files and pace.  Now a file's bytes go to the
# stripes its extent covers, round robin, the last one partial; an OST
# beyond the extent gets nothing and does not count the file.  Truth from
# darshan-parser's own output (the reference outputs beside the log).
. "$(dirname "$0")/lib.sh"
need_shared
command -v xz >/dev/null || skip_all "no xz"

D=$SHARED/corpus/darshan-logs/snyder_python3_id3116902-2110483_12-19-66980-15861026832475351160_1
L=$D/snyder_python3_id3116902-2110483_12-19-66980-15861026832475351160_1.darshan
[ -f "$L" ] || skip_all "the DLIO log is not in ../shared"

# per OST: files, bytes (read + written) as darshan-parser's counters
# and the layout give them
xz -dc "$D/parser_base.out.xz" | awk -F'\t' '
	$1 == "POSIX" { id = $3
		if ($4 == "POSIX_BYTES_READ" || $4 == "POSIX_BYTES_WRITTEN") b[id] += $5
		if (($4 == "POSIX_MAX_BYTE_READ" || $4 == "POSIX_MAX_BYTE_WRITTEN") && $5 + 1 > e[id]) e[id] = $5 + 1 }
	$1 == "LUSTRE" { id = $3; lu[id] = 1
		if ($4 == "LUSTRE_COMP1_STRIPE_SIZE") sz[id] = $5
		else if ($4 == "LUSTRE_COMP1_STRIPE_COUNT") sc[id] = $5
		else if ($4 ~ /^LUSTRE_COMP1_OST_ID_/) { k = substr($4, 21); o[id, k] = $5; if (k + 1 > n[id]) n[id] = k + 1 } }
	END {
		for (id in lu) {
			if (!(id in b) || !n[id]) continue
			N = n[id]; S = sz[id]; E = e[id]
			u = (E > 1) ? int((E + S - 1) / S) : 0
			for (j = 0; j < N; j++) {
				if (u == 0 || sc[id] != N) sh = 1 / N
				else {
					on = int(u / N) + (j < u % N ? 1 : 0)
					sh = on * S / E
					if (j == (u - 1) % N) sh = (on * S - (u * S - E)) / E
				}
				if (sh <= 0) continue
				f[o[id, j]]++; by[o[id, j]] += b[id] * sh
			}
		}
		for (t in f) printf "%d %d %.0f\n", t, f[t], by[t]
	}' | sort -n >"$TMP/want"
$RUN files --by ost --format=csv "$L" |
	awk -F, 'NR > 1 { printf "%d %d %.0f\n", $2, $3, $4 + $5 }' | sort -n >"$TMP/got"
is "$(wc -l <"$TMP/got")" 160 "160 OSTs"
is "$(diff "$TMP/want" "$TMP/got" | grep -c '^>')" 0 \
	"each OST's files and bytes as the counters and the layout give them ($(diff "$TMP/want" "$TMP/got" | head -4 | tr '\n' ' '))"
is "$(awk '{ print $2 }' "$TMP/got" | sort -n | sed -n '1p;$p' | tr '\n' ' ')" "6 19 " \
	"files per OST from 6 (OSTs past the smaller files' extents) to 19, not 14 or more everywhere"
is "$($RUN files --by ost --format=csv "$L" | awk -F, 'NR > 1 { s += $4 + $5 } END { printf "%.0f", s }')" \
	"$(xz -dc "$D/parser_base.out.xz" | awk -F'\t' '$1 == "POSIX" && ($4 == "POSIX_BYTES_READ" || $4 == "POSIX_BYTES_WRITTEN") { b[$3] += $5 }
		$1 == "LUSTRE" { lu[$3] = 1 } END { for (id in lu) s += b[id]; printf "%.0f", s }')" \
	"no byte lost or made: the OSTs' bytes add up to the files'"

done_testing
