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
	{"convert", cmd_convert,
	 "strace or Iota traces into a Darshan 3.41 log"},
	{"jobs", cmd_jobs,
	 "the job rows of a population store, filtered and sorted"},
	{"groups", cmd_groups,
	 "a population per app, user, project, nprocs or job size"},
	{"variance", cmd_variance,
	 "Table IV: how much repeated similar jobs vary in I/O time"},
	{"context", cmd_context,
	 "is this job normal? its metrics among earlier jobs of its app"},
	{"population-report", cmd_population_report,
	 "the population as a multi-page PDF report"},
	{NULL, NULL, NULL},
};
