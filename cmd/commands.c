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
	{"timeline", cmd_timeline,
	 "per-rank I/O intervals, phase bandwidths, rank x time matrix"},
	{"report", cmd_report,
	 "the job report as PDF (or SVG/PNG pages), laid out by a template"},
	{"export", cmd_export,
	 "the job (or several) as an XLSX workbook with native charts"},
	{"iostat", cmd_iostat,
	 "device activity: throughput, idle periods, bursts, job weather"},
	{"fsstats", cmd_fsstats,
	 "file-system contents: sizes, ages, names, links of a tree"},
	{"convert", cmd_convert,
	 "strace or Iota traces into a Darshan 3.41 log"},
	{"ingest", cmd_ingest,
	 "add jobs to a population store (SQLite), in parallel, incrementally"},
	{"merge-db", cmd_merge_db,
	 "combine population stores made by ingest --shard into one"},
	{NULL, NULL, NULL},
};
