# t/pop/trendstore.sh: a store whose truth is known, for trend and
# compare: apps ior, ckpt and wrf, 8 jobs each per month from January to
# June 2026 (UTC), MiB/s per compute node spread +-10 % around each app's
# level (0.90 to 1.10 of it), the level itself drifting +-3 % from month to
# month (run-to-run and month-to-month noise); ckpt's level halves from
# 2026-04-01 00:00 UTC (epoch 1775001600), the others never change.  Jobs
# of 64 processes for an hour, 10 minutes of it metadata a rank.  wrf
# creates 50 files per process from April (triage's IOL-SMALL-FILES flags
# those 24 jobs), every other job 0.5.
#   trendstore_build DB
trendstore_build() {
	awk 'BEGIN {
		print "CREATE TABLE jobs (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, user TEXT, app TEXT, project TEXT, start_time REAL, end_time REAL, run_time REAL, partial INTEGER, nprocs INTEGER, nodes INTEGER, bytes_read INTEGER, bytes_written INTEGER, mib_s_per_node REAL, md_cost_pct REAL, files INTEGER, creates INTEGER, creates_exact INTEGER, creates_per_proc REAL, meta_time_by_slowest REAL);"
		print "BEGIN;"
		split("1767225600 1769904000 1772323200 1775001600 1777593600 1780272000", m0, " ")
		split("ior ckpt wrf", app, " ")
		split("800 400 100", lvl, " ")
		id = 0
		for (a = 1; a <= 3; a++)
			for (m = 1; m <= 6; m++)
				for (j = 0; j < 8; j++) {
					id++
					t = m0[m] + 86400 * (1 + 3 * j) + 3600 * a
					drift = 1 + 0.03 * (((m + a) * 5) % 3 - 1)
					v = lvl[a] * drift * (0.90 + 0.20 * ((j * 3) % 8) / 7)
					if (app[a] == "ckpt" && t >= 1775001600)
						v = v / 2
					cpp = app[a] == "wrf" && t >= 1775001600 ? 50 : 0.5
					printf "INSERT INTO jobs VALUES (%d, \"/l/%s-%d\", \"u%d\", \"%s\", \"p%d\", %d, %d, 3600, 0, 64, 2, %d, %d, %.3f, %.1f, %d, %d, 1, %g, 600);\n",
						id, app[a], id, a, app[a], a, t, t + 3600, 1048576 * a, 2097152 * a, v, a == 3 ? 40 + j : 5 + j / 4, 64 * cpp, 64 * cpp, cpp
				}
		print "COMMIT;"
	}' | sqlite3 "$1"
}
