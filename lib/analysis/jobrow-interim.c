/*
 * INTERIM job-row table, so that the population store can be built and
 * tested before branch `jobrow` lands: a subset of summary's CSV columns
 * under the same names.  Delete this file when jobrow.c (branch `jobrow`)
 * is merged; the store iterates whatever iol_jobrow_fields() returns.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/jobrow.h"
#include "base/banned.h"

#define S(r) ((r)->s)
#define J(r) ((r)->job)

static const char *g_log(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	return r->log;
}
static const char *g_source(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	return J(r)->source;
}
static const char *g_exe(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	return J(r)->exe;
}
static const char *g_nsrc(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	return iol_nodes_source_names[S(r)->nodes_source];
}
static const char *g_strategy(const struct iol_jobrow *r, char *b, size_t n)
{
	(void)b, (void)n;
	return S(r)->strategy;
}
static int64_t g_jobid(const struct iol_jobrow *r)
{
	return J(r)->jobid;
}
static int64_t g_uid(const struct iol_jobrow *r)
{
	return J(r)->uid;
}
static int64_t g_nprocs(const struct iol_jobrow *r)
{
	return J(r)->nprocs;
}
static int64_t g_nodes(const struct iol_jobrow *r)
{
	return S(r)->nodes > 0 ? S(r)->nodes : INT64_MIN;
}
static double g_start(const struct iol_jobrow *r)
{
	return iol_job_start(J(r));
}
static double g_run(const struct iol_jobrow *r)
{
	return J(r)->run_time;
}
static int64_t g_br(const struct iol_jobrow *r)
{
	return S(r)->bytes_read;
}
static int64_t g_bw(const struct iol_jobrow *r)
{
	return S(r)->bytes_written;
}
static double g_ioslow(const struct iol_jobrow *r)
{
	return S(r)->io.agg_time_by_slowest;
}
static double g_mibs(const struct iol_jobrow *r)
{
	return S(r)->mibs;
}
static double g_mibscn(const struct iol_jobrow *r)
{
	return S(r)->mibs_cn;
}
static int64_t g_files(const struct iol_jobrow *r)
{
	return S(r)->nfiles;
}
static double g_mdcost(const struct iol_jobrow *r)
{
	return S(r)->md_cost_pct;
}

#define MODF(key, m)                                                   \
	static int64_t g_##key##_br(const struct iol_jobrow *r)        \
	{                                                              \
		return S(r)->mod[m].nrec ? S(r)->mod[m].bytes_read     \
					 : INT64_MIN;                  \
	}                                                              \
	static int64_t g_##key##_bw(const struct iol_jobrow *r)        \
	{                                                              \
		return S(r)->mod[m].nrec ? S(r)->mod[m].bytes_written  \
					 : INT64_MIN;                  \
	}                                                              \
	static double g_##key##_t(const struct iol_jobrow *r)          \
	{                                                              \
		return S(r)->mod[m].has_perf                           \
			       ? S(r)->mod[m].perf.agg_time_by_slowest \
			       : NAN;                                  \
	}
MODF(posix, IOL_MOD_POSIX)
MODF(stdio, IOL_MOD_STDIO)
MODF(mpiio, IOL_MOD_MPIIO)
#define MODROWS(key)                                                        \
	{#key "_bytes_read",                                                \
	 IOL_FT_BYTES,                                                      \
	 "B",                                                               \
	 #key " bytes read",                                                \
	 0,                                                                 \
	 NULL,                                                              \
	 NULL,                                                              \
	 g_##key##_br},                                                     \
		{#key "_bytes_written",                                     \
		 IOL_FT_BYTES,                                              \
		 "B",                                                       \
		 #key " bytes written",                                     \
		 0,                                                         \
		 NULL,                                                      \
		 NULL,                                                      \
		 g_##key##_bw},                                             \
	{                                                                   \
#key "_time_by_slowest", IOL_FT_NUM, "s",                   \
			#key " time by slowest", 3, NULL, g_##key##_t, NULL \
	}

static const struct iol_field fields[] = {
	{"log", IOL_FT_STR, "", "log", 0, g_log, NULL, NULL},
	{"source", IOL_FT_STR, "", "source", 0, g_source, NULL, NULL},
	{"jobid", IOL_FT_INT, "", "job id", 0, NULL, NULL, g_jobid},
	{"uid", IOL_FT_INT, "", "uid", 0, NULL, NULL, g_uid},
	{"exe", IOL_FT_STR, "", "executable", 0, g_exe, NULL, NULL},
	{"nprocs", IOL_FT_INT, "", "processes", 0, NULL, NULL, g_nprocs},
	{"nodes", IOL_FT_INT, "", "nodes", 0, NULL, NULL, g_nodes},
	{"nodes_source", IOL_FT_STR, "", "nodes from", 0, g_nsrc, NULL, NULL},
	{"start_time", IOL_FT_TIME, "s", "start", 0, NULL, g_start, NULL},
	{"run_time", IOL_FT_NUM, "s", "run time", 3, NULL, g_run, NULL},
	MODROWS(posix),
	MODROWS(stdio),
	MODROWS(mpiio),
	{"bytes_read", IOL_FT_BYTES, "B", "bytes read", 0, NULL, NULL, g_br},
	{"bytes_written", IOL_FT_BYTES, "B", "bytes written", 0, NULL, NULL,
	 g_bw},
	{"io_time_by_slowest", IOL_FT_NUM, "s", "I/O time by slowest", 3, NULL,
	 g_ioslow, NULL},
	{"mib_s", IOL_FT_NUM, "MiB/s", "MiB/s", 1, NULL, g_mibs, NULL},
	{"mib_s_per_node", IOL_FT_NUM, "MiB/s", "MiB/s per node", 1, NULL,
	 g_mibscn, NULL},
	{"md_cost_pct", IOL_FT_NUM, "%", "metadata cost", 1, NULL, g_mdcost,
	 NULL},
	{"files", IOL_FT_INT, "", "files", 0, NULL, NULL, g_files},
	{"strategy", IOL_FT_STR, "", "strategy", 0, g_strategy, NULL, NULL},
};

const struct iol_field *iol_jobrow_fields(size_t *n)
{
	*n = sizeof(fields) / sizeof(fields[0]);
	return fields;
}

const struct iol_field *iol_jobrow_field(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (!strcmp(fields[i].name, name))
			return &fields[i];
	return NULL;
}
