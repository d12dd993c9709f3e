#!/bin/sh
# A B A B reruns beside the labelled runs (not labelled): each program against its better twin, the program's own clock.
cd /tmp/labels16/run
for i in 1 2 3; do
	for p in "subagg direct" "fdsync-each fdsync-end" "bg-thread fg-write" "writev write4k" "np-savetxt np-savebin" "rsync cp-a"; do
		for x in $p; do DIR=reruns SFX=-ab$i ONLY=$x src/run_labelled.sh; done
	done
done
for i in 1 2; do for x in readall16 readbcast16; do DIR=reruns SFX=-ab$i ONLY=$x src/run_labelled.sh; done; done
