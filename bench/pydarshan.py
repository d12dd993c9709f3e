# bench/pydarshan.py: the helpers of bench/pydarshan.sh, run with the
# Python that runs PyDarshan (the standard library only).
#
#   time OUT CMD...            run CMD once, stdout to /dev/null, and append
#                              "status wall user sys maxrss_kib" to OUT and
#                              the 1-minute load as it started to OUT.load:
#                              CPU to the microsecond from wait4 (GNU time's
#                              is to 10 ms, an eighth of a report's 80)
#   ingest STORE JOB_STATS_CSV   job_stats' numbers against the store's
#   report SUMMARY_CSV SUMMARY_HTML   `iolens summary --format csv` against
#                              the job table of PyDarshan's summary
#
# ingest and report print one line saying what was compared and how many
# agreed, then one line per disagreement (the first 10); exit 1 when any
# disagreed.
import csv
import os
import re
import sqlite3
import subprocess
import sys
import time

REL = 1e-9


def close(a, b):
    a, b = float(a), float(b)
    return abs(a - b) <= REL * max(abs(a), abs(b)) + 1e-12


# job_stats column <- (SQL on the store, how compared).  job_stats works on
# one module (POSIX by default) and prints the seconds of the start and
# end; iolens' columns of the POSIX module are its posix_* ones.
INGEST = [
    ("job_id", "jobid", "int"),
    ("uid", "uid", "int"),
    ("nprocs", "nprocs", "int"),
    ("start_time", "CAST(start_time AS INTEGER)", "int"),
    ("end_time", "CAST(end_time AS INTEGER)", "int"),
    ("run_time", "run_time", "real"),
    ("total_bytes", "posix_bytes_read + posix_bytes_written", "int"),
    ("time_by_slowest", "posix_time_by_slowest", "real"),
    # bytes/s where iolens stores MiB/s
    ("perf_by_slowest", "posix_mib_s * 1048576.0", "real"),
]


def same(kind, a, b):
    if kind == "int":
        return int(float(a)) == int(float(b))
    return close(a, b)


def ingest(store, js_csv):
    db = sqlite3.connect("file:%s?mode=ro" % store, uri=True)
    sql = "SELECT path, %s FROM jobs" % ", ".join("%s" % e for _, e, _ in INGEST)
    ours = {os.path.basename(r[0]): r[1:] for r in db.execute(sql)}
    bad, n = [], 0
    with open(js_csv, newline="") as f:
        for row in csv.DictReader(f):
            n += 1
            mine = ours.get(row["log_file"])
            if mine is None:
                bad.append("%s: not in the store" % row["log_file"])
                continue
            for (col, _, kind), v in zip(INGEST, mine):
                if v is None or not same(kind, row[col], v):
                    bad.append("%s: %s job_stats %s iolens %s" % (row["log_file"], col, row[col], v))
    agree = n - len({b.split(":")[0] for b in bad})
    print("agree: %d of %d jobs job_stats lists (of %d in the store); columns %s (reals to %g relative)"
          % (agree, n, len(ours), " ".join(c for c, _, _ in INGEST), REL))
    return bad


# PyDarshan's job table (label: value, the value the next text after it)
# <- iolens summary's CSV column
REPORT = [("Job ID", "jobid", "int"), ("User ID", "uid", "int"),
          ("# Processes", "nprocs", "int"), ("Run time (s)", "run_time", "real")]


def report(sum_csv, html):
    with open(sum_csv, newline="") as f:
        ours = next(csv.DictReader(f))
    with open(html, encoding="utf-8", errors="replace") as f:
        text = [t.strip() for t in re.split(r"<[^>]*>", f.read())]
    text = [t for t in text if t]
    bad = []
    for label, col, kind in REPORT:
        try:
            theirs = text[text.index(label) + 1]
        except (ValueError, IndexError):
            bad.append("%s: not in PyDarshan's report" % label)
            continue
        if not same(kind, theirs, ours[col]):
            bad.append("%s: PyDarshan %s iolens %s" % (label, theirs, ours[col]))
    print("agree: %d of %d of the job table's values (%s)"
          % (len(REPORT) - len(bad), len(REPORT), ", ".join(l for l, _, _ in REPORT)))
    return bad


def timed(out, argv):
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    with open(out + ".load", "a") as f:
        f.write(load + "\n")
    t0 = time.monotonic()
    try:
        with open(os.devnull, "w") as null, open(out + ".err", "w") as err:
            pid = subprocess.Popen(argv, stdout=null, stderr=err).pid
            _, st, ru = os.wait4(pid, 0)
        status = os.waitstatus_to_exitcode(st)
    except OSError as e:
        print("pydarshan.py: cannot run %s: %s" % (argv[0], e), file=sys.stderr)
        status, ru = 127, None
    wall = time.monotonic() - t0
    with open(out, "a") as f:
        f.write("%d %.6f %.6f %.6f %d\n" % (status, wall, ru.ru_utime if ru else 0,
                                             ru.ru_stime if ru else 0, ru.ru_maxrss if ru else 0))


def main():
    if len(sys.argv) > 3 and sys.argv[1] == "time":
        timed(sys.argv[2], sys.argv[3:])
        return
    if len(sys.argv) != 4 or sys.argv[1] not in ("ingest", "report"):
        sys.exit("usage: pydarshan.py time OUT CMD... | ingest STORE CSV | report CSV HTML")
    bad = (ingest if sys.argv[1] == "ingest" else report)(sys.argv[2], sys.argv[3])
    for b in bad[:10]:
        print("  DIFFER " + b)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
