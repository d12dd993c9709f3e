/* The one table of iolens commands, in the order --help lists them. */
#include <stddef.h>

#include "cmd/commands.h"
#include "base/banned.h"

const struct command commands[] = {
	{"parse", cmd_parse,
	 "print a Darshan log as darshan-parser / darshan-dxt-parser do"},
	{"summary", cmd_summary,
	 "the I/O of a job at a glance: volumes, bandwidth, time, strategy"},
	{"files", cmd_files,
	 "one row per file: bytes, operations, times, offsets, mount"},
	{"hist", cmd_hist,
	 "access-size histograms of reads and writes, common sizes"},
	{"meta", cmd_meta,
	 "metadata operations and their cost, per module and rank"},
	{"triage", cmd_triage,
	 "findings about a job's I/O: value, threshold, what to do"},
	{"timeline", cmd_timeline,
	 "per-rank I/O intervals, phase bandwidths, rank x time matrix"},
	{"report", cmd_report,
	 "the job report as PDF (or SVG/PNG pages), laid out by a template"},
	{"export", cmd_export,
	 "the job (or several) as an XLSX workbook with native charts"},
	{"convert", cmd_convert,
	 "strace or Iota traces into a Darshan 3.41 log"},
	{NULL, NULL, NULL},
};
