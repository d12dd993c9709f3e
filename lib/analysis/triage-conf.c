/*
 * The default triage thresholds: the text of etc/triage.conf, kept equal
 * to it by t/7301-triage.t (iolens triage --print-config).
 */
#include "analysis/triage.h"
#include "base/banned.h"

const char iol_triage_default_conf[] =
	"# iolens triage thresholds (key = value; '#' starts a comment).\n"
	"# Installed as share/iolens/triage.conf; iolens triage --config FILE\n"
	"# reads a file of the same form, and each finding prints the "
	"threshold\n"
	"# it used.  The compiled-in defaults equal this file "
	"(t/7301-triage.t).\n"
	"\n"
	"# IOL-META-BOUND: metadata share of POSIX+STDIO I/O time, percent\n"
	"# (METRICS.md 6; the slides flagged jobs up to 99 %).\n"
	"meta_cost_pct = 30\n"
	"# IOL-SMALL-FILES: files created per process (small-file storms).\n"
	"creates_per_proc = 10\n"
	"# IOL-SMALL-REQ: share of POSIX reads+writes under 1 MiB, percent\n"
	"# (Drishti: 10 %).\n"
	"small_req_pct = 10\n"
	"# IOL-RANK0-IO: one rank's share of the bytes, percent (METRICS.md "
	"7).\n"
	"rank0_share_pct = 99\n"
	"# IOL-MISALIGNED: share of POSIX operations not aligned, percent\n"
	"# (Drishti: 10 %).\n"
	"misaligned_pct = 10\n"
	"# IOL-RANDOM: share of POSIX operations not sequential, percent.\n"
	"random_pct = 20\n"
	"# IOL-IO-TIME: slowest rank's I/O time as a share of run time, "
	"percent.\n"
	"io_time_pct = 50\n";
