/*
 * The views of `iolens groups`: a population per app, user, project,
 * nprocs or job size.  The machine formats carry one table of every
 * column; text splits it into four tables (volumes and Table VI, MiB/s
 * per compute node, strategies, files written by size), each a view.
 */
#include <string.h>

#include "population/popan.h"
#include "render/view-groups.h"
#include "base/banned.h"

#define GROUP                                                                 \
	{                                                                     \
		"group", "group", COL_STR, 0,                                 \
			"The group: app, user, project, nprocs or size class" \
	}
#define JOBS                                                    \
	{                                                       \
		"jobs", "jobs", COL_NUM, 0, "Jobs in the group" \
	}
#define VOLUMES                                                           \
	{"bytes_read", "read", COL_NUM, 0,                                \
	 "Bytes read by its jobs (binary units in text)"},                \
		{"bytes_written", "written", COL_NUM, 0,                  \
		 "Bytes written by its jobs (binary units in text)"},     \
		{"share_pct", "share %", COL_NUM, 1,                      \
		 "Its share of the population's bytes, percent"},         \
		{"mib_s_per_node", "MiB/s/node", COL_NUM, 2,              \
		 "Mean MiB/s per compute node (Table VI)"},               \
		{"pct_io_time_slowest", "I/O time %", COL_NUM, 2,         \
		 "Mean share of run time in I/O, slowest rank, percent"}, \
		{"md_cost_pct", "meta %", COL_NUM, 3,                     \
		 "Mean metadata share of I/O time, percent"},             \
		{"files_per_proc", "files/proc", COL_NUM, 4,              \
		 "Mean files per process"},                               \
		{"creates_per_proc", "creates/proc", COL_NUM, 5,          \
		 "Mean files created per process"},                       \
		{"pct_sequential", "seq %", COL_NUM, 6,                   \
		 "Mean share of sequential accesses, percent"},           \
		{"pct_aligned", "aligned %", COL_NUM, 7,                  \
		 "Mean share of aligned accesses, percent"},              \
	{                                                                 \
		"mib_per_proc", "MiB/proc", COL_NUM, 4,                   \
			"Mean MiB moved per process"                      \
	}
#define RATES                                                              \
	{"mib_s_per_node_jobs", "jobs with nodes", COL_NUM, 1,             \
	 "Jobs whose node count is known"},                                \
		{"mib_s_per_node_min", "min MiB/s/node", COL_NUM, 2,       \
		 "Lowest MiB/s per compute node"},                         \
		{"mib_s_per_node_p10", "p10", COL_NUM, 0,                  \
		 "10th percentile of MiB/s per compute node (type 7)"},    \
		{"mib_s_per_node_median", "median MiB/s/node", COL_NUM, 0, \
		 "Median MiB/s per compute node"},                         \
		{"mib_s_per_node_p90", "p90", COL_NUM, 0,                  \
		 "90th percentile of MiB/s per compute node (type 7)"},    \
	{                                                                  \
		"mib_s_per_node_max", "max MiB/s/node", COL_NUM, 2,        \
			"Highest MiB/s per compute node"                   \
	}
#define STRATEGIES                                              \
	{"strategy_n_1", "N:1", COL_NUM, 0,                     \
	 "Jobs whose ranks share one file (N:1)"},              \
		{"strategy_n_n", "N:N", COL_NUM, 0,             \
		 "Jobs with a file per rank (N:N)"},            \
		{"strategy_n_m", "N:M", COL_NUM, 0,             \
		 "Jobs whose ranks share some files (N:M)"},    \
		{"strategy_rank0", "rank 0", COL_NUM, 0,        \
		 "Jobs whose rank 0 does the I/O"},             \
		{"strategy_one_rank", "one rank", COL_NUM, 1,   \
		 "Jobs whose one other rank does the I/O"},     \
		{"strategy_1_process", "1 process", COL_NUM, 0, \
		 "Jobs of one process"},                        \
		{"strategy_no_io", "no I/O", COL_NUM, 1,        \
		 "Jobs that moved no bytes"},                   \
	{                                                       \
		"strategy_other", "other", COL_NUM, 1,          \
			"Jobs of no strategy above"             \
	}
#define FILES_WRITTEN                                                 \
	{"files_written_lt_4k", "<4KiB", COL_NUM, 0,                  \
	 "Mean files written per job under 4 KiB"},                   \
		{"files_written_4k_64k", "4-64KiB", COL_NUM, 0,       \
		 "Mean files written per job of 4 KiB to 64 KiB"},    \
		{"files_written_64k_1m", "64KiB-1MiB", COL_NUM, 0,    \
		 "Mean files written per job of 64 KiB to 1 MiB"},    \
		{"files_written_1m_16m", "1-16MiB", COL_NUM, 0,       \
		 "Mean files written per job of 1 MiB to 16 MiB"},    \
		{"files_written_16m_256m", "16-256MiB", COL_NUM, 0,   \
		 "Mean files written per job of 16 MiB to 256 MiB"},  \
		{"files_written_256m_4g", "256MiB-4GiB", COL_NUM, 1,  \
		 "Mean files written per job of 256 MiB to 4 GiB"},   \
	{                                                             \
		"files_written_ge_4g", ">=4GiB", COL_NUM, 2,          \
			"Mean files written per job of 4 GiB or more" \
	}

static const struct iol_col all[] = {GROUP, JOBS,	VOLUMES,
				     RATES, STRATEGIES, FILES_WRITTEN};
static const struct iol_col vol[] = {GROUP, JOBS, VOLUMES};
static const struct iol_col rate[] = {GROUP, JOBS, RATES};
static const struct iol_col strat[] = {GROUP, JOBS, STRATEGIES};
static const struct iol_col fw[] = {GROUP, JOBS, FILES_WRITTEN};

const struct iol_view iol_view_groups = IOL_VIEW("groups", NULL, all);
const struct iol_view iol_view_groups_volumes =
	IOL_VIEW("groups", "volumes", vol);
const struct iol_view iol_view_groups_rates = IOL_VIEW("groups", "rates", rate);
const struct iol_view iol_view_groups_strategies =
	IOL_VIEW("groups", "strategies", strat);
const struct iol_view iol_view_groups_files_written =
	IOL_VIEW("groups", "files-written", fw);

/* parts: bit 0 volumes and Table VI, 1 MiB/s/CN, 2 strategies, 3 files */
static void row(struct out *o, const struct iol_popgroup *g, unsigned parts)
{
	out_str(o, g->key);
	out_int(o, (int64_t)g->jobs);
	if (parts & 1) {
		out_bytes(o, g->bytes_read);
		out_bytes(o, g->bytes_written);
		out_num(o, g->share_pct, 1);
		for (int k = 0; k < IOL_POP_NT6; k++)
			out_num(o, g->t6[k], 2);
	}
	if (parts & 2) {
		out_int(o, (int64_t)g->ncn);
		for (int k = 0; k < 5; k++)
			out_num(o, g->cn[k], 1);
	}
	for (int k = 0; k < IOL_POP_NSTRAT && (parts & 4); k++)
		out_int(o, g->strat[k]);
	for (int k = 0; k < IOL_POP_NFW && (parts & 8); k++)
		out_num(o, g->fw[k], 2);
	out_endrow(o);
}

/* a text table of the view v, its group column headed by what the
 * groups are */
static void table(struct out *o, const struct iol_popgroup *g, size_t n,
		  const struct iol_view *v, unsigned parts, const char *what,
		  const char *title)
{
	struct iol_col c[sizeof all / sizeof all[0]];
	struct iol_view named = *v;

	memcpy(c, v->cols, (size_t)v->ncols * sizeof(*c));
	c[0].head = what;
	named.cols = c;
	if (title)
		out_text(o, "%s\n", title);
	out_view(o, &named);
	for (size_t i = 0; i < n; i++)
		row(o, &g[i], parts);
	out_endtable(o);
	if (title)
		out_text(o, "\n");
}

void iol_view_groups_print(struct out *o, const struct iol_popgroup *g,
			   size_t n, int by, int has_fw, int single)
{
	static const char *const names[] = {"app", "user", "project", "nprocs",
					    "nprocs class"};
	const char *what = by >= 0 && by < 5 ? names[by] : "group";

	if (o->fmt != FMT_TEXT) {
		table(o, g, n, &iol_view_groups, 15, "group", NULL);
		return;
	}
	if (by == IOL_BY_SIZE) {
		out_wrap(o, 0,
			 single ? "Job-size classes: process counts in [2^k, "
				  "2^(k+1)), labelled by their range; every "
				  "class here holds one process count, so the "
				  "groups are those of --by nprocs."
				: "Job-size classes: process counts in [2^k, "
				  "2^(k+1)), labelled by their range.");
		out_text(o, "\n");
	}
	table(o, g, n, &iol_view_groups_volumes, 1, what,
	      "Volumes (Fig. 4) and Table VI characteristics, mean over jobs");
	table(o, g, n, &iol_view_groups_rates, 2, what,
	      "MiB/s per compute node (Fig. 11): type 7 percentiles");
	table(o, g, n, &iol_view_groups_strategies, 4, what,
	      "Jobs per I/O strategy (Fig. 3)");
	if (has_fw)
		table(o, g, n, &iol_view_groups_files_written, 8, what,
		      "Files written per job by size (Fig. 5)");
	else
		out_text(o, "Files written per job by size (Fig. 5): the "
			    "store has no files_written_* columns\n");
}
