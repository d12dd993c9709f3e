/*
 * The view of `iolens variance`: Table IV of Carns et al.
 */
#include "render/views.h"
#include "population/popan.h"
#include "base/banned.h"

static const struct iol_col cols[] = {
	{"user", "user", COL_STR, 0,
	 "The group's user (its uid when the store has no names)"},
	{"app", "app", COL_STR, 0, "The executable's name"},
	{"nprocs", "procs", COL_NUM, 0, "Processes of each job"},
	{"files", "files", COL_NUM, 3, "Files each job opened"},
	{"jobs", "jobs", COL_NUM, 0, "Jobs in the group"},
	{"mean_s", "mean s", COL_NUM, 0,
	 "Mean I/O time by slowest rank, seconds"},
	{"min_s", "min s", COL_NUM, 2,
	 "Shortest I/O time of the group, seconds"},
	{"max_s", "max s", COL_NUM, 2,
	 "Longest I/O time of the group, seconds"},
	{"stddev_s", "stddev s", COL_NUM, 1,
	 "Sample standard deviation, seconds"},
	{"cv", "cv", COL_NUM, 0, "Coefficient of variation: stddev / mean"},
};

const struct iol_view iol_view_variance = IOL_VIEW("variance", NULL, cols);

/* The table; text: under a title, with a line of counts after it. */
void iol_view_variance_print(struct out *o, const struct iol_popvar *v,
			     size_t n, size_t njobs, size_t npartial)
{
	size_t in = 0;

	if (o->fmt == FMT_TEXT)
		out_text(o, "Table IV: I/O time by slowest rank of similar "
			    "jobs (groups of 2 or more)\n\n");
	out_view(o, &iol_view_variance);
	for (size_t i = 0; i < n; i++) {
		if (v[i].user && *v[i].user)
			out_str(o, v[i].user);
		else
			out_int(o, v[i].uid); /* a store without user names */
		out_str(o, v[i].app);
		out_int(o, v[i].nprocs);
		out_int(o, v[i].files);
		out_int(o, (int64_t)v[i].jobs);
		out_num(o, v[i].mean, 4);
		out_num(o, v[i].min, 4);
		out_num(o, v[i].max, 4);
		out_num(o, v[i].stddev, 4);
		out_num(o, v[i].cv, 3);
		out_endrow(o);
		in += v[i].jobs;
	}
	out_endtable(o);
	if (o->fmt == FMT_TEXT)
		out_text(o,
			 "\n%zu groups, %zu of %zu jobs; %zu partial jobs "
			 "left out\n",
			 n, in, njobs, npartial);
}
