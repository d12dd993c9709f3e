#!/bin/sh
# A cost model whose unlink line is no cost (negative, 0, not a number,
# infinite, or beyond an hour a call: a hand-edited or damaged model)
# costs an unlink as a create, as a model without the line does, and
# says so in one note naming the bad line, not "calibrated before it
# was measured".  Before, 1e308 costed 200 unlinks at an infinity (an
# empty predicted_io_time_s) and the others said the line was missing.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > ul.c << 'END'
#include <unistd.h>

int main(void)
{
	for (int i = 0; i < 200; i++)
		unlink("s.tmp");
	return 0;
}
END
model() {
	mkdir -p "$XDG_CONFIG_HOME/iolens"
	{
		echo "open 0.000001"; echo "create 0.0001"
		echo "close 0.000001"; echo "stat 0.000001"; echo "fsync 0.01"
		echo "unlink $1"
		for rw in read write; do for k in seq rand; do
			echo "$rw $k 512 0.000003"; echo "$rw $k 4096 0.00001"
			echo "$rw $k 65536 0.00005"; echo "$rw $k 1048576 0.0005"
		done; done
	} > "$XDG_CONFIG_HOME/iolens/iocost"
}
col() { block_col "$@" | awk '{ printf "%.3g", $1 }'; }
for u in -0.00003 0 nan inf 1e308 3601; do
	model "$u"
	$RUN blocks --source --format=csv ul.c > s.csv 2> err
	is "$?" 0 "unlink $u: the model loads"
	is "$(col s.csv main:5 predicted_io_time_s)" 0.02 "... 200 unlinks as creates: 20 ms"
	is "$(grep -c "note: the cost model has an unlink that is no cost (not seconds in (0, 3600\]): an unlink is costed as a create, 100.00 us" err):$(wc -l < err | tr -d ' ')" 1:1 \
		"... said in one note"
done
# an hour is still a cost
model 3600
$RUN blocks --source --format=csv ul.c > s.csv 2> err
is "$?:$(cat err)" "0:" "unlink 3600: a cost, no note"
is "$(col s.csv main:5 predicted_io_time_s)" 7.2e+05 "... 200 unlinks at an hour"
done_testing
