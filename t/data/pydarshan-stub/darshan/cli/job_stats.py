# job_stats -c of the stub: the numbers of each listed log as iolens
# stores them (ingested here), in PyDarshan's CSV columns; STUB_SKEW adds
# a byte to the first log's total_bytes.
import csv
import os
import sqlite3
import subprocess
import sys
import tempfile


def main(argv):
    paths = open(argv[argv.index("--log_paths_file") + 1]).read().split()
    with tempfile.TemporaryDirectory() as d:
        db = os.path.join(d, "s.db")
        subprocess.run([os.environ["IOLENS"], "ingest", "--db", db] + paths,
                       check=True, capture_output=True)
        rows = sqlite3.connect(db).execute(
            "SELECT path, jobid, uid, nprocs, CAST(start_time AS INTEGER),"
            " CAST(end_time AS INTEGER), run_time, posix_mib_s * 1048576.0,"
            " posix_time_by_slowest, posix_bytes_read + posix_bytes_written,"
            " files FROM jobs ORDER BY path").fetchall()
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(["log_file", "job_id", "uid", "nprocs", "start_time", "end_time",
                "run_time", "perf_by_slowest", "time_by_slowest", "total_bytes",
                "total_files", "partial_flag"])
    for k, r in enumerate(rows):
        r = list(r)
        if k == 0 and os.environ.get("STUB_SKEW"):
            r[9] += 1
        w.writerow([os.path.basename(r[0])] + r[1:] + [False])
