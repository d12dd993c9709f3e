/*
 * The LOG arguments resolved (sources/inputs.h) and loaded as jobs, each
 * failure said (cli/inputs.h).
 */
#include "cli/inputs.h"
#include "cli/usage.h"
#include "sources/trace.h"
#include "base/banned.h"

int cmd_inputs(const struct cmd_inopts *c, int argc, char **argv, int first,
	       struct iol_inputs *in)
{
	struct iol_error err = {0};

	if (iol_inputs_resolve(
		    in, (const char *const *)argv + first, argc - first,
		    c->merge_traces ? IOL_INPUTS_MERGE : 0, &err) < 0) {
		msg("%s", err.msg);
		return -1;
	}
	msg_inputs_empty(in);
	return in->nempty ? -1 : 0;
}

int cmd_load(const struct cmd_inopts *c, const struct iol_input *in,
	     struct iol_job **job)
{
	struct iol_error err = {0};
	struct iol_trace_opts to = {c->rank_from, c->lenient};
	int ret = iol_input_load(in, &to, job, &err);

	if (ret < 0)
		msg_input_failed(in, ret, &err);
	else
		msg_job_warnings(in->name, *job);
	return ret;
}

int cmd_load_one(const struct cmd_inopts *c, int argc, char **argv, int first,
		 struct iol_job **job)
{
	struct iol_inputs in;
	int r = -1;

	if (cmd_inputs(c, argc, argv, first, &in) == 0 && in.n == 1)
		r = cmd_load(c, &in.v[0], job) < 0 ? -1 : 0;
	else if (in.n > 1)
		r = -2;
	iol_inputs_release(&in);
	return r;
}

int cmd_each_job(const struct cmd_inopts *c, int argc, char **argv, int first,
		 int (*fn)(void *ctx, const char *name, struct iol_job *job),
		 void *ctx)
{
	struct iol_inputs in;
	struct iol_job *job;
	/* a directory stands for the logs in it */
	int rc = cmd_inputs(c, argc, argv, first, &in) < 0 ? EXIT_DATA : 0;

	for (size_t j = 0; j < in.n; j++) {
		if (cmd_load(c, &in.v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		if (fn(ctx, in.v[j].name, job) < 0)
			rc = EXIT_DATA;
		iol_job_close(job);
	}
	iol_inputs_release(&in);
	return rc;
}
