#!/bin/sh
# blocks --calibrate measured no unlink: the model costed one as the mean
# of close and stat (0.175 ms for 200 unlinks where a trace measured
# 6.1-8.4 ms), so a program's unlink line ranked last of its lines
# though it is second (issue 33 D5, r13_scratch).  The calibration times
# the unlinks of the files it made and saves "unlink"; the prediction
# costs an unlink at it.  A model saved before unlink was measured still
# loads: an unlink costs a create there, said as an estimate where a
# block unlinks.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > ul.c << 'END'
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	char name[32];
	for (int i = 0; i < 200; i++) {
		snprintf(name, sizeof name, "s.%d", i);
		unlink(name);
	}
	for (int i = 0; i < 200; i++) {
		close(-1);
	}
	return 0;
}
END
M=$XDG_CONFIG_HOME/iolens/iocost
model() {
	mkdir -p "$XDG_CONFIG_HOME/iolens"
	{
		echo "open 0.000001"; echo "create 0.0001"
		echo "close 0.000001"; echo "stat 0.000001"; echo "fsync 0.01"
		[ "${1:-}" ] && echo "unlink $1"
		for rw in read write; do for k in seq rand; do
			echo "$rw $k 512 0.000003"; echo "$rw $k 4096 0.00001"
			echo "$rw $k 65536 0.00005"; echo "$rw $k 1048576 0.0005"
		done; done
	} > "$M"
}
col() { block_col "$@" | awk '{ printf "%.3g", $1 }'; }
# ---- calibration measures and saves it ----
mkdir -p fs
$RUN blocks --calibrate fs > cal.txt 2> err
is "$?:$(cat err)" "0:" "--calibrate runs"
is "$(grep -c '^unlink [0-9.e+-]*$' "$M")" 1 "the model has unlink"
is "$(grep -c '^  unlink [0-9.]* us$' cal.txt)" 1 "... and --calibrate says it"
is "$(ls -A fs)" "" "... its files gone"
# ---- costed at it ----
model 0.00003
$RUN blocks --source --format=csv ul.c > s.csv 2> err
is "$?:$(cat err)" "0:" "a model with unlink: no note"
is "$(col s.csv main:8 predicted_io_time_s)" 0.006 "200 unlinks at 30 us: 6 ms"
is "$(col s.csv main:12 predicted_io_time_s)" 0.0002 "200 closes at 1 us: 0.2 ms"
is "$(awk -F, 'NR > 1 && $1 ~ /^main:/ { print $1 }' s.csv | head -1)" main:8 \
	"the unlink loop ranks first"
# ---- an old model ----
model
$RUN blocks --source --format=csv ul.c > o.csv 2> err
is "$?" 0 "a model without unlink loads"
is "$(grep -c 'note: the cost model has no unlink .*costed as a create, 100.00 us, an estimate' err)" 1 \
	"... the estimate said"
is "$(col o.csv main:8 predicted_io_time_s)" 0.02 "... 200 unlinks as creates: 20 ms"
done_testing
