/*
 * INTERIM job-row table, so that the population store can be built and
 * tested before branch `jobrow` lands: summary's CSV columns under the
 * same names, in the same order, with the same "no value" cases.  Delete
 * this file when jobrow.c (branch `jobrow`) is merged; the store iterates
 * whatever iol_jobrow_fields() returns.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/jobrow.h"
#include "base/banned.h"

#define S(r) ((r)->s)
#define J(r) ((r)->job)

#define GSTR(fn, expr)                                                       \
	static const char *fn(const struct iol_jobrow *r, char *b, size_t n) \
	{                                                                    \
		(void)b, (void)n;                                            \
		return (expr);                                               \
	}
#define GNUM(fn, expr)                               \
	static double fn(const struct iol_jobrow *r) \
	{                                            \
		return (expr);                       \
	}
#define GINT(fn, expr)                                \
	static int64_t fn(const struct iol_jobrow *r) \
	{                                             \
		return (expr);                        \
	}

GSTR(g_log, r->log)
GSTR(g_source, J(r)->source)
GSTR(g_exe, J(r)->exe)
GSTR(g_nsrc, iol_nodes_source_names[S(r)->nodes_source])
GSTR(g_strategy, S(r)->strategy)
GSTR(g_top, S(r)->ntop
		    ? (S(r)->top_bytes[0].path ? S(r)->top_bytes[0].path : "")
		    : NULL)
GINT(g_jobid, J(r)->jobid)
GINT(g_uid, J(r)->uid)
GINT(g_nprocs, J(r)->nprocs)
GINT(g_nodes, S(r)->nodes > 0 ? S(r)->nodes : INT64_MIN)
GNUM(g_start, iol_job_start(J(r)))
GNUM(g_run, J(r)->run_time)
GINT(g_br, S(r)->bytes_read)
GINT(g_bw, S(r)->bytes_written)
GNUM(g_ioslow, S(r)->io.agg_time_by_slowest)
GINT(g_slowrank, S(r)->io.slowest_rank >= 0 ? S(r)->io.slowest_rank : INT64_MIN)
GNUM(g_mibs, S(r)->mibs)
GNUM(g_mibscn, S(r)->mibs_cn)
GNUM(g_pslow, S(r)->pct_io_slowest)
GNUM(g_pavg, S(r)->pct_io_avg)
GNUM(g_iotot, S(r)->io_time_total)
GNUM(g_mdtot, S(r)->meta_time_total)
GNUM(g_mdcost, S(r)->md_cost_pct)
GINT(g_files, S(r)->nfiles)
GNUM(g_fpp, S(r)->files_per_proc)
GINT(g_creates, S(r)->ncreated)
GNUM(g_cpp, S(r)->creates_per_proc)
GINT(g_cexact, S(r)->creates_exact)
GNUM(g_pseq, S(r)->pct_seq)
GNUM(g_palign, S(r)->pct_aligned)
GNUM(g_mibpp, S(r)->mib_per_proc)
GINT(g_topb, S(r)->ntop ? S(r)->top_bytes[0].bytes_read +
				  S(r)->top_bytes[0].bytes_written
			: INT64_MIN)

static const char *g_incomplete(const struct iol_jobrow *r, char *buf, size_t n)
{
	size_t l = 0;
	int m, w;

	buf[0] = '\0';
	for (m = 0; m < IOL_MOD_MAX; m++) {
		if (!((J(r)->partial >> m) & 1))
			continue;
		w = snprintf(buf + l, n - l, "%s%s", l ? " " : "",
			     m < IOL_MOD_KNOWN ? iol_modinfo(m)->name
					       : "unknown");
		if (w < 0 || (size_t)w >= n - l)
			break;
		l += (size_t)w;
	}
	return buf;
}

#define MS(r, m) (&S(r)->mod[m])
#define MODF(key, m)                                                          \
	GINT(g_##key##_br, MS(r, m)->nrec ? MS(r, m)->bytes_read : INT64_MIN) \
	GINT(g_##key##_bw,                                                    \
	     MS(r, m)->nrec ? MS(r, m)->bytes_written : INT64_MIN)            \
	GNUM(g_##key##_t, MS(r, m)->nrec &&MS(r, m)->has_perf                 \
				  ? MS(r, m)->perf.agg_time_by_slowest        \
				  : NAN)                                      \
	GNUM(g_##key##_p, MS(r, m)->nrec &&MS(r, m)->has_perf                 \
				  ? MS(r, m)->perf.agg_perf_by_slowest        \
				  : NAN)
MODF(posix, IOL_MOD_POSIX)
MODF(stdio, IOL_MOD_STDIO)
MODF(mpiio, IOL_MOD_MPIIO)
MODF(h5d, IOL_MOD_H5D)
MODF(pnetcdf_var, IOL_MOD_PNETCDF_VAR)
MODF(dfs, IOL_MOD_DFS)
MODF(daos, IOL_MOD_DAOS)
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
		{#key "_time_by_slowest",                                   \
		 IOL_FT_NUM,                                                \
		 "s",                                                       \
		 #key " time by slowest",                                   \
		 3,                                                         \
		 NULL,                                                      \
		 g_##key##_t,                                               \
		 NULL},                                                     \
	{                                                                   \
#key "_mib_s", IOL_FT_NUM, "MiB/s", #key " MiB/s", 1, NULL, \
			g_##key##_p, NULL                                   \
	}

#define CT(r, c) (&S(r)->cat[c])
#define CATF(key, c)                                                    \
	GINT(g_##key##_n, CT(r, c)->count)                              \
	GINT(g_##key##_b, CT(r, c)->read_bytes + CT(r, c)->write_bytes) \
	GINT(g_##key##_o, CT(r, c)->count &&CT(r, c)->max_offset >= 0   \
				  ? CT(r, c)->max_offset                \
				  : INT64_MIN)
CATF(all, IOL_CAT_ALL)
CATF(read_only, IOL_CAT_ALL + 1)
CATF(write_only, IOL_CAT_ALL + 2)
CATF(read_write, IOL_CAT_ALL + 3)
CATF(unique, IOL_CAT_ALL + 4)
CATF(shared, IOL_CAT_ALL + 5)
CATF(partially_shared, IOL_CAT_ALL + 6)
#define CATROWS(key)                                                          \
	{#key "_files", IOL_FT_INT, "",		#key " files", 0,             \
	 NULL,		NULL,	    g_##key##_n},                             \
		{#key "_bytes", IOL_FT_BYTES, "B",	  #key " bytes", 0,   \
		 NULL,		NULL,	      g_##key##_b},                   \
	{                                                                     \
#key "_max_offset", IOL_FT_BYTES, "B", #key " max offset", 0, \
			NULL, NULL, g_##key##_o                               \
	}

#define FI(name, unit, label, g)                                \
	{                                                       \
		name, IOL_FT_INT, unit, label, 0, NULL, NULL, g \
	}
#define FB(name, label, g)                                       \
	{                                                        \
		name, IOL_FT_BYTES, "B", label, 0, NULL, NULL, g \
	}
#define FN(name, unit, label, g)                                \
	{                                                       \
		name, IOL_FT_NUM, unit, label, 3, NULL, g, NULL \
	}
#define FS(name, label, g)                                    \
	{                                                     \
		name, IOL_FT_STR, "", label, 0, g, NULL, NULL \
	}

static const struct iol_field fields[] = {
	FS("log", "log", g_log),
	FS("source", "source", g_source),
	FI("jobid", "", "job id", g_jobid),
	FI("uid", "", "uid", g_uid),
	FS("exe", "executable", g_exe),
	FI("nprocs", "", "processes", g_nprocs),
	FI("nodes", "", "nodes", g_nodes),
	FS("nodes_source", "nodes from", g_nsrc),
	{"start_time", IOL_FT_TIME, "s", "start", 0, NULL, g_start, NULL},
	FN("run_time", "s", "run time", g_run),
	FS("incomplete_modules", "incomplete modules", g_incomplete),
	MODROWS(posix),
	MODROWS(stdio),
	MODROWS(mpiio),
	MODROWS(h5d),
	MODROWS(pnetcdf_var),
	MODROWS(dfs),
	MODROWS(daos),
	FB("bytes_read", "bytes read", g_br),
	FB("bytes_written", "bytes written", g_bw),
	FN("io_time_by_slowest", "s", "I/O time by slowest", g_ioslow),
	FI("slowest_rank", "", "slowest rank", g_slowrank),
	FN("mib_s", "MiB/s", "MiB/s", g_mibs),
	FN("mib_s_per_node", "MiB/s", "MiB/s per node", g_mibscn),
	FN("pct_io_time_slowest", "%", "% time in I/O (slowest)", g_pslow),
	FN("pct_io_time_avg", "%", "% time in I/O (average)", g_pavg),
	FN("io_time_total", "s", "I/O time, all ranks", g_iotot),
	FN("meta_time_total", "s", "metadata time, all ranks", g_mdtot),
	FN("md_cost_pct", "%", "metadata cost", g_mdcost),
	FI("files", "", "files", g_files),
	FN("files_per_proc", "", "files per process", g_fpp),
	FI("creates", "", "creates", g_creates),
	FN("creates_per_proc", "", "creates per process", g_cpp),
	{"creates_exact", IOL_FT_BOOL, "", "creates exact", 0, NULL, NULL,
	 g_cexact},
	FN("pct_sequential", "%", "% sequential", g_pseq),
	FN("pct_aligned", "%", "% aligned", g_palign),
	FN("mib_per_proc", "MiB", "MiB per process", g_mibpp),
	FS("strategy", "I/O strategy", g_strategy),
	CATROWS(all),
	CATROWS(read_only),
	CATROWS(write_only),
	CATROWS(read_write),
	CATROWS(unique),
	CATROWS(shared),
	CATROWS(partially_shared),
	FS("top_file", "top file", g_top),
	FB("top_file_bytes", "top file bytes", g_topb),
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
