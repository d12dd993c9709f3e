/*
 * The file-row field table (metrics.h iol_filerow_fields): the columns
 * of a struct iol_filerow once, with name, type and getter, for every
 * per-file output (files' columns, the workbook's Files sheet).  Getters
 * only pick values; iol_files_compute computes them.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/jobrow.h"
#include "base/banned.h"

#define NOINT INT64_MIN

static const char *g_path(const struct iol_filerow *f, char *b, size_t n)
{
	(void)b, (void)n;
	return f->path ? f->path : "";
}

static const char *g_modules(const struct iol_filerow *f, char *b, size_t n)
{
	(void)b, (void)n;
	return f->modules;
}

static const char *g_mnt(const struct iol_filerow *f, char *b, size_t n)
{
	(void)b, (void)n;
	return f->mnt;
}

static const char *g_fstype(const struct iol_filerow *f, char *b, size_t n)
{
	(void)b, (void)n;
	return f->fstype;
}

static const char *g_id(const struct iol_filerow *f, char *b, size_t n)
{
	snprintf(b, n, "%llu", (unsigned long long)f->id);
	return b;
}

#define INTG(name, expr)                                 \
	static int64_t name(const struct iol_filerow *f) \
	{                                                \
		return (expr);                           \
	}
#define NUMG(name, expr)                                \
	static double name(const struct iol_filerow *f) \
	{                                               \
		return (expr);                          \
	}

INTG(g_nranks, f->nranks)
INTG(g_rank, f->rank >= 0 ? f->rank : NOINT)
INTG(g_br, f->br)
INTG(g_bw, f->bw)
INTG(g_reads, f->reads)
INTG(g_writes, f->writes)
INTG(g_opens, f->opens)
INTG(g_seeks, f->seeks)
INTG(g_stats, f->stats)
INTG(g_syncs, f->syncs)
NUMG(g_tr, f->tr)
NUMG(g_tw, f->tw)
NUMG(g_tm, f->tm)
NUMG(g_tslow, f->tslow)
NUMG(g_first, f->first >= 0 ? f->first : NAN)
NUMG(g_last, f->last >= 0 ? f->last : NAN)
INTG(g_maxoff, f->maxoff >= 0 ? f->maxoff : NOINT)
INTG(g_access, f->access > 0 ? f->access : NOINT)
INTG(g_access_count, f->access > 0 ? f->access_count : NOINT)
NUMG(g_pct_seq, f->pct_seq)
NUMG(g_pct_aligned, f->pct_aligned)

#define STRF(n, g)                                  \
	{                                           \
		n, IOL_FT_STR, "", 0, g, NULL, NULL \
	}
#define INTF(n, t, u, g)                  \
	{                                 \
		n, t, u, 0, NULL, NULL, g \
	}
#define NUMF(n, t, u, p, g)               \
	{                                 \
		n, t, u, p, NULL, g, NULL \
	}

static const struct iol_filefield fields[] = {
	STRF("path", g_path),
	STRF("module", g_modules),
	INTF("ranks", IOL_FT_INT, "", g_nranks),
	INTF("rank", IOL_FT_INT, "", g_rank),
	INTF("bytes_read", IOL_FT_BYTES, "B", g_br),
	INTF("bytes_written", IOL_FT_BYTES, "B", g_bw),
	INTF("reads", IOL_FT_INT, "", g_reads),
	INTF("writes", IOL_FT_INT, "", g_writes),
	INTF("opens", IOL_FT_INT, "", g_opens),
	INTF("seeks", IOL_FT_INT, "", g_seeks),
	INTF("stats", IOL_FT_INT, "", g_stats),
	INTF("syncs", IOL_FT_INT, "", g_syncs),
	NUMF("read_time", IOL_FT_NUM, "s", 4, g_tr),
	NUMF("write_time", IOL_FT_NUM, "s", 4, g_tw),
	NUMF("meta_time", IOL_FT_NUM, "s", 4, g_tm),
	NUMF("slowest_rank_time", IOL_FT_NUM, "s", 4, g_tslow),
	NUMF("first_access", IOL_FT_NUM, "s", 4, g_first),
	NUMF("last_access", IOL_FT_NUM, "s", 4, g_last),
	INTF("max_offset", IOL_FT_INT, "B", g_maxoff),
	INTF("common_access_size", IOL_FT_INT, "B", g_access),
	INTF("common_access_count", IOL_FT_INT, "", g_access_count),
	NUMF("pct_sequential", IOL_FT_NUM, "%", 1, g_pct_seq),
	NUMF("pct_aligned", IOL_FT_NUM, "%", 1, g_pct_aligned),
	STRF("mount_point", g_mnt),
	STRF("fs_type", g_fstype),
	STRF("record_id", g_id),
};

const struct iol_filefield *iol_filerow_fields(size_t *n)
{
	*n = sizeof(fields) / sizeof(fields[0]);
	return fields;
}

const struct iol_filefield *iol_filerow_field(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (!strcmp(fields[i].name, name))
			return &fields[i];
	return NULL;
}
