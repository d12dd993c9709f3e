#!/bin/sh
# three identical reruns of three configs, back to back, after the labelled runs (not labelled)
cd /tmp/labels5-run
L=/tmp/labels4-inst/lib/libdarshan.so
for i in 2 3 4; do
	rm -f out/many.db out/many.db-journal
	env LD_PRELOAD=$L DARSHAN_ENABLE_NONMPI=1 DARSHAN_LOGFILE=/tmp/labels5-run/logs/reruns/r5-sqlite-many-$i.darshan sqlite3 out/many.db ".read in/many.sql"
	rm -f out/app.log
	mpirun --allow-run-as-root --oversubscribe -np 4 -x LD_PRELOAD=$L -x DARSHAN_LOGFILE=/tmp/labels5-run/logs/reruns/r5-append-log-$i.darshan ./append_log out/app.log 5000
	rm -f out/strided-i.dat
	mpirun --allow-run-as-root --oversubscribe -np 4 -x LD_PRELOAD=$L -x DARSHAN_LOGFILE=/tmp/labels5-run/logs/reruns/r5-strided-indep-$i.darshan ./strided i out/strided-i.dat 16384 4096
done
