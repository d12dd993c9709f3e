# t/dxt-two-ranks.sh: the strace text of t/0991, t/0997 and t/0999, for
# iolens convert: two ranks; each writes /data/aR in 140,000 calls of
# 4 KiB (4.5 MB of DXT segments, 5.6 MB as struct iol_seg) and /data/bR
# in 14,000 of 512 bytes, interleaved.
#   two_rank_trace DIR   writes DIR/rank0.txt and DIR/rank1.txt
two_rank_trace() {
	for r in 0 1; do
		awk -v r="$r" 'BEGIN {
			pid = 2000 + r
			printf "%d 12:00:00.000000 openat(AT_FDCWD, \"/data/a%d\", O_WRONLY|O_CREAT, 0644) = 3 <0.000010>\n", pid, r
			printf "%d 12:00:00.000001 openat(AT_FDCWD, \"/data/b%d\", O_WRONLY|O_CREAT, 0644) = 4 <0.000010>\n", pid, r
			for (k = 0; k < 140000; k++) {
				t = 2 * k + 2
				printf "%d 12:00:00.%06d pwrite64(3, \"x\"..., 4096, %d) = 4096 <0.000001>\n", pid, t, k * 4096
				if (k % 10 == 0)
					printf "%d 12:00:00.%06d pwrite64(4, \"y\"..., 512, %d) = 512 <0.000001>\n", pid, t + 1, k / 10 * 512
			}
			printf "%d 12:00:01.000000 close(3) = 0 <0.000001>\n", pid
			printf "%d 12:00:01.000001 close(4) = 0 <0.000001>\n", pid
		}' >"$1/rank$r.txt"
	done
}
