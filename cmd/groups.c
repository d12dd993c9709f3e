/*
 * iolens groups: a population split by app, user, project, nprocs or
 * job-size class — per group the jobs, bytes and share of all bytes
 * (Fig. 4), the Table VI means, the MiB/s/CN spread behind Fig. 11, the
 * I/O strategies (Fig. 3) and files written per job by size (Fig. 5).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/popcommon.h"
#include "cmd/util.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens groups --db file --by key [--where expr] "
	"[--format fmt] [--output file]\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nThe population per group: jobs, bytes read and written, "
	       "share of all\n"
	       "bytes, Table VI means over jobs, MiB/s per compute node "
	       "min/p10/median/\n"
	       "p90/max (type 7 percentiles), jobs per I/O strategy, files "
	       "written per\n"
	       "job by size class.\n\n"
	       "  --by key           app, user, project, nprocs or size "
	       "(nprocs classes\n"
	       "                     [2^k, 2^(k+1)): 1, 2-3, 4-7, 8-15, ...)\n"
	       "%s",
	       pop_help);
}

static int by = -1;

static int extra(int opt, const char *arg)
{
	if (opt != 'b')
		return 0;
	if ((by = iol_pop_by_parse(arg)) < 0) {
		usage_error("--by wants app, user, project, nprocs or size, "
			    "not '%s'",
			    arg);
		return -1;
	}
	return 1;
}

static const char *const strat_cols[IOL_POP_NSTRAT] = {
	"strategy_n_1",	  "strategy_n_n",      "strategy_n_m",
	"strategy_rank0", "strategy_one_rank", "strategy_1_process",
	"strategy_no_io", "strategy_other"};
static const char *const cn_cols[5] = {
	"mib_s_per_node_min", "mib_s_per_node_p10", "mib_s_per_node_median",
	"mib_s_per_node_p90", "mib_s_per_node_max"};
static const char *const fw_cols[IOL_POP_NFW] = {
	"files_written_lt_4k",	  "files_written_4k_64k",
	"files_written_64k_1m",	  "files_written_1m_16m",
	"files_written_16m_256m", "files_written_256m_4g",
	"files_written_ge_4g"};

#define NCOLS (5 + IOL_POP_NT6 + 1 + 5 + IOL_POP_NSTRAT + IOL_POP_NFW)

/* the text's name of the group column: what the groups are */
static const char *group_col = "group";

/* parts: bit 0 volumes and Table VI, 1 MiB/s/CN, 2 strategies, 3 files */
static int columns(const char **c, unsigned parts)
{
	static const char *const head[5] = {"group", "jobs", "bytes_read",
					    "bytes_written", "share_pct"};
	int n = 0;

	c[n++] = parts == 15 ? head[0] : group_col;
	for (int k = 1; k < 2; k++)
		c[n++] = head[k];
	for (int k = 2; k < 5 && (parts & 1); k++)
		c[n++] = head[k];
	for (int k = 0; k < IOL_POP_NT6 && (parts & 1); k++)
		c[n++] = iol_pop_t6_names[k];
	if (parts & 2)
		c[n++] = "mib_s_per_node_jobs";
	for (int k = 0; k < 5 && (parts & 2); k++)
		c[n++] = cn_cols[k];
	for (int k = 0; k < IOL_POP_NSTRAT && (parts & 4); k++)
		c[n++] = strat_cols[k];
	for (int k = 0; k < IOL_POP_NFW && (parts & 8); k++)
		c[n++] = fw_cols[k];
	return n;
}

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

static void table(struct out *o, const struct iol_popgroup *g, size_t n,
		  unsigned parts, const char *title)
{
	static const char *c[NCOLS];
	int nc = columns(c, parts);

	if (title)
		out_text(o, "%s\n", title);
	out_table(o, c, nc);
	for (size_t i = 0; i < n; i++)
		row(o, &g[i], parts);
	out_endtable(o);
	if (title)
		out_text(o, "\n");
}

/* With --by size: do the classes hold one process count each (then they
 * are the groups of --by nprocs, under range labels)? */
static int classes_single(const struct iol_popset *set)
{
	int64_t seen[IOL_POP_NSIZE];

	for (int c = 0; c < IOL_POP_NSIZE; c++)
		seen[c] = -1;
	for (size_t i = 0; i < set->n; i++) {
		int c = iol_pop_size_class(set->jobs[i].nprocs);

		if (seen[c] >= 0 && seen[c] != set->jobs[i].nprocs)
			return 0;
		seen[c] = set->jobs[i].nprocs;
	}
	return 1;
}

static void print_groups(struct out *o, const struct iol_popgroup *g, size_t n,
			 int has_fw, const struct iol_popset *set)
{
	static const char *const names[] = {"app", "user", "project", "nprocs",
					    "nprocs class"};

	if (o->fmt != FMT_TEXT) {
		table(o, g, n, 15, NULL);
		return;
	}
	group_col = by >= 0 && by < 5 ? names[by] : "group";
	if (by == IOL_BY_SIZE)
		out_text(o,
			 "Job-size classes: process counts in [2^k, "
			 "2^(k+1)), labelled by their range%s.\n\n",
			 classes_single(set)
				 ? "; every class here holds one process "
				   "count, so the groups are those of --by "
				   "nprocs"
				 : "");
	table(o, g, n, 1,
	      "Volumes (Fig. 4) and Table VI characteristics, mean over jobs");
	table(o, g, n, 2,
	      "MiB/s per compute node (Fig. 11): type 7 percentiles");
	table(o, g, n, 4, "Jobs per I/O strategy (Fig. 3)");
	if (has_fw)
		table(o, g, n, 8, "Files written per job by size (Fig. 5)");
	else
		out_text(o, "Files written per job by size (Fig. 5): the "
			    "store has no files_written_* columns\n");
}

int cmd_groups(int argc, char **argv)
{
	static const struct option longopts[] = {
		POP_LONGOPTS,
		{"by", required_argument, NULL, 'b'},
		{NULL, 0, NULL, 0}};
	struct iol_popgroup *g;
	struct iol_popset set;
	struct iol_popdb *db;
	struct popopts p;
	struct out o;
	size_t n;
	int rc, first;

	by = -1;
	rc = pop_start(&p, argc, argv, longopts, help, extra, 0, NULL, &db,
		       &first);
	if (rc >= 0)
		return rc;
	if (by < 0) {
		iol_popdb_close(db);
		return usage_error("no --by given");
	}
	rc = pop_load_some(&p, db, IOL_POPLOAD_GROUPS | IOL_POPLOAD_FW, &set);
	iol_popdb_close(db);
	if (rc < 0)
		return EXIT_DATA;
	if (iol_pop_groups(&set, by, &g, &n) < 0) {
		iol_popset_free(&set);
		msg("out of memory");
		return EXIT_DATA;
	}
	rc = cmd_out_open(&o, p.c.outpath, p.c.fmt) < 0 ? EXIT_DATA : EXIT_OK;
	if (rc == EXIT_OK) {
		print_groups(&o, g, n, set.has_fw, &set);
		rc = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	iol_pop_groups_free(g, n);
	iol_popset_free(&set);
	return rc;
}
