/*
 * Unit tests of the one read of a store that population-report makes
 * (population/popdb.h iol_popdb_load_pass(), population/poptriage.h
 * iol_poptri_begin() .. iol_poptri_end(), iol_popcur_num()), on a small
 * SQLite store made here, as a TAP stream: the pass's columns first and
 * each once, every row to both the set and the pass, a column's number
 * by its type, and the triage fed by the load equal to iol_poptri_run()'s
 * own read.  Run by t/7133-pop-pass.t.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "population/popdb.h"
#include "analysis/triage.h"
#include "population/poptriage.h"
#include "base/banned.h"

#include "t/unit/tap.h"

/* A store of six jobs: every column the triage reads (0 or "" where
 * not set below, so that its rules evaluate), one app and user, nprocs
 * 4 (text in row 5, NULL in row 6), slow rank times that a rule flags. */
static int make_store(const char *path)
{
	static const char *const rows =
		"UPDATE jobs SET project = 'p' WHERE id <= 3;"
		"UPDATE jobs SET app = 'b', user = 'v', uid = 8 WHERE id > 3;"
		"UPDATE jobs SET nprocs = 8.5 WHERE id = 4;"
		"UPDATE jobs SET nprocs = 'x' WHERE id = 5;"
		"UPDATE jobs SET nprocs = NULL WHERE id = 6;"
		"UPDATE jobs SET io_time_by_slowest = 700, "
		"pct_io_time_slowest = 70 WHERE id IN (1, 3, 4, 6);";
	const char *cols[IOL_POPTRI_NCOLS];
	size_t n = iol_poptri_columns(NULL, cols);
	char sql[16384], ins[16384];
	size_t k = 0, m = 0;
	sqlite3 *db;
	int rc;

	k += (size_t)snprintf(sql + k, sizeof sql - k,
			      "CREATE TABLE jobs (project TEXT");
	m += (size_t)snprintf(ins + m, sizeof ins - m,
			      "INSERT INTO jobs SELECT NULL");
	for (size_t i = 0; i < n; i++) {
		int num = iol_triage_in_index(cols[i]) >= 0 &&
			  iol_triage_in_index(cols[i]) < IOL_TIN_NNUM;
		const char *v = !strcmp(cols[i], "id")		 ? "x"
				: !strcmp(cols[i], "path")	 ? "'/l/' || x"
				: !strcmp(cols[i], "start_time") ? "100 * x"
				: !strcmp(cols[i], "app")	 ? "'a'"
				: !strcmp(cols[i], "user")	 ? "'u'"
				: !strcmp(cols[i], "nprocs")	 ? "4"
				: !strcmp(cols[i], "run_time")	 ? "1000"
				: !strcmp(cols[i], "uid")	 ? "7"
				: num || !strcmp(cols[i], "jobid") ? "0"
								   : "''";
		k += (size_t)snprintf(
			sql + k, sizeof sql - k, ", \"%s\"%s", cols[i],
			!strcmp(cols[i], "id") ? " INTEGER PRIMARY KEY" : "");
		m += (size_t)snprintf(ins + m, sizeof ins - m, ", %s", v);
	}
	snprintf(sql + k, sizeof sql - k, ");");
	snprintf(ins + m, sizeof ins - m,
		 " FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x "
		 "+ 1 FROM c WHERE x < 6) SELECT x FROM c);");
	unlink(path);
	if (sqlite3_open(path, &db) != SQLITE_OK)
		return -1;
	rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, ins, NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, rows, NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		printf("# %s\n", sqlite3_errmsg(db));
	sqlite3_close(db);
	return rc == SQLITE_OK ? 0 : -1;
}

struct seen {
	int opened, rows, ncols, nprocs_cols, first_ok, nums_ok;
	double num[6];	  /* nprocs of each row as iol_popcur_num() reads it */
	size_t loaded[6]; /* set->n when each row came */
	const struct iol_popset *set;
};

static int on_open(struct iol_popcur *cur, void *arg)
{
	struct seen *s = arg;

	s->opened++;
	s->ncols = iol_popcur_ncols(cur);
	/* cols asked: path, nope (the store lacks it), nprocs */
	s->first_ok = s->ncols > 2 &&
		      !strcmp(iol_popcur_name(cur, 0), "path") &&
		      !strcmp(iol_popcur_name(cur, 1), "nprocs");
	for (int i = 0; i < s->ncols; i++)
		s->nprocs_cols += !strcmp(iol_popcur_name(cur, i), "nprocs");
	return 0;
}

static int on_row(struct iol_popcur *cur, void *arg)
{
	struct seen *s = arg;

	if (s->rows < 6) {
		static const int c[3] = {1, 0, 1};
		double b[3];

		iol_popcur_nums(cur, c, 3, b);
		s->num[s->rows] = iol_popcur_num(cur, 1);
		/* nprocs as one, path (text) NAN, nprocs again */
		s->nums_ok += isnan(b[1]) &&
			      (b[0] == s->num[s->rows] ||
			       (isnan(b[0]) && isnan(s->num[s->rows]))) &&
			      (b[2] == b[0] || (isnan(b[2]) && isnan(b[0])));
		s->loaded[s->rows] = s->set->n;
	}
	s->rows++;
	return 0;
}

static int stop_row(struct iol_popcur *cur, void *arg)
{
	(void)cur;
	(void)arg;
	return IOL_EINVAL;
}

static void test_load_pass(struct iol_popdb *db)
{
	static const char *const cols[] = {"path", "nope", "nprocs"};
	struct iol_error err = {0};
	struct iol_popset set;
	struct seen s = {0};
	int rc;

	s.set = &set;
	rc = iol_popdb_load_pass(db, NULL, IOL_POPLOAD_BINS, cols, 3, on_open,
				 on_row, &s, &set, &err);
	ok(rc == 0 && set.n == 6, "load_pass loads every row");
	ok(s.opened == 1 && s.rows == 6, "the pass opened once, 6 rows");
	ok(s.first_ok, "the pass's columns first, in order, missing left out");
	ok(s.nprocs_cols == 1, "a column both read is selected once");
	ok(s.num[0] == 4 && s.num[3] == 8.5, "popcur_num: integer, real");
	ok(isnan(s.num[4]) && isnan(s.num[5]), "popcur_num: text, NULL NAN");
	ok(s.nums_ok == 6, "popcur_nums = popcur_num column by column");
	ok(s.loaded[0] == 1 && s.loaded[5] == 6, "each row loaded before");
	ok(rc == 0 && set.jobs[0].nprocs == 4 && !set.jobs[0].path &&
		   set.jobs[3].project == NULL &&
		   !strcmp(set.jobs[0].project, "p") &&
		   !strcmp(set.jobs[0].app, "a"),
	   "the set's rows as load_some reads them (no path)");
	iol_popset_free(&set);
	rc = iol_popdb_load_pass(db, "id > 2", 0, cols, 3, NULL, stop_row, &s,
				 &set, &err);
	ok(rc == IOL_EINVAL && set.n == 0, "the pass's error stops the load");
	iol_popset_free(&set);
}

struct tri {
	struct iol_poptri_pass *pp;
	struct iol_error err;
};

static int tri_open(struct iol_popcur *cur, void *arg)
{
	struct tri *t = arg;

	return iol_poptri_open(t->pp, cur, &t->err);
}

static int tri_row(struct iol_popcur *cur, void *arg)
{
	struct tri *t = arg;

	return iol_poptri_row(t->pp, cur, &t->err);
}

/* The triage fed by the load against its own read of the store. */
static void test_triage_pass(struct iol_popdb *db)
{
	const char *cols[IOL_POPTRI_NCOLS];
	size_t n = iol_poptri_columns(NULL, cols);
	struct iol_error err = {0};
	struct iol_triage_conf conf;
	struct iol_poptri a, b;
	struct tri t = {0};
	struct iol_popset set;
	int rc, same;

	ok(n > 7 && !strcmp(cols[0], "path") && !strcmp(cols[7], "nprocs"),
	   "poptri_columns: the job's own, then the rules' inputs");
	iol_triage_conf_parse(&conf, NULL, &err);
	rc = iol_poptri_run(db, "id <> 2", &conf, IOL_SEV_INFO, 0, &a, &err);
	ok(rc == 0 && a.jobs == 5, "poptri_run reads 5 rows");
	memset(&set, 0, sizeof set);
	rc = iol_poptri_begin(db, &conf, IOL_SEV_INFO, 0, &b, &t.pp);
	if (rc == 0)
		rc = iol_popdb_load_pass(db, "id <> 2", 0, cols, n, tri_open,
					 tri_row, &t, &set, &err);
	rc = iol_poptri_end(t.pp, rc, &err);
	same = rc == 0 && a.jobs == b.jobs && a.flagged == b.flagged &&
	       a.ng == b.ng && a.nrules == b.nrules &&
	       !memcmp(a.count, b.count, sizeof a.count) &&
	       !memcmp(a.na, b.na, sizeof a.na) &&
	       !strcmp(a.missing, b.missing);
	for (size_t g = 0; same && g < a.ng; g++)
		same = !strcmp(a.g[g].app, b.g[g].app) &&
		       a.g[g].ntop == b.g[g].ntop &&
		       a.g[g].stake == b.g[g].stake &&
		       (!a.g[g].ntop ||
			!strcmp(a.g[g].top[0].path, b.g[g].top[0].path));
	ok(same, "the triage over the load = its own pass");
	{
		size_t ev = 0;
		for (size_t k = 0; k < b.nrules; k++)
			ev += b.na[k] < b.jobs;
		printf("# flagged %zu, rules evaluated %zu of %zu\n", b.flagged,
		       ev, b.nrules);
		ok(rc == 0 && b.jobs == 5 && ev > 0 && b.flagged > 0,
		   "... and its rules evaluate rows and flag jobs");
	}
	iol_poptri_free(&a);
	iol_poptri_free(&b);
	iol_popset_free(&set);
}

int main(void)
{
	char path[] = "/tmp/iolens-poppass-XXXXXX";
	struct iol_error err = {0};
	struct iol_popdb *db = NULL;
	int fd = mkstemp(path);

	if (fd < 0 || make_store(path) < 0 ||
	    iol_popdb_open(path, &db, &err) < 0) {
		printf("Bail out! cannot make the store: %s\n", err.msg);
		return 1;
	}
	close(fd);
	test_load_pass(db);
	test_triage_pass(db);
	iol_popdb_close(db);
	unlink(path);
	return tap_done();
}
