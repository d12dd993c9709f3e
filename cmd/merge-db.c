/*
 * iolens merge-db: combine the stores that `ingest --shard k/n` made into
 * one.  The first store to hold a log keeps its row (OUT's own rows first,
 * then the shards in the order given), so merging is idempotent and never
 * makes two rows for one log.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "population/fsstore.h"
#include "population/store.h"
#include "base/banned.h"

static int merge_all(const char *out, int n, char **shards)
{
	struct iol_error err = {0, 0, ""};
	struct iol_fsmerged fs;
	int64_t total;
	int stage, bad;

	if (iol_store_merge_all(out, n, shards, &total, &fs, &stage, &bad,
				&err) < 0) {
		if (stage == IOL_MERGE_SHARD_OPEN)
			msg("cannot open '%s': %s", shards[bad],
			    strerror(err.sys));
		else if (stage == IOL_MERGE_OUT_OPEN)
			msg("cannot open '%s': %s", out, err.msg);
		else if (stage == IOL_MERGE_SHARD)
			msg("cannot merge '%s': %s", shards[bad], err.msg);
		else
			msg("%s: %s", out, err.msg);
		return EXIT_DATA;
	}
	printf("%d store%s: %lld job%s added\n", n, n == 1 ? "" : "s",
	       (long long)total, total == 1 ? "" : "s");
	/* as ingest refuses a copy of a report: the rest merged, exit 1 */
	if (fs.skipped) {
		msg("'%s': recording %s", shards[fs.shard], fs.why);
		if (fs.skipped > 1)
			msg("%lld more recordings left out as copies",
			    (long long)fs.skipped - 1);
		return EXIT_DATA;
	}
	return EXIT_OK;
}

int cmd_merge_db(int argc, char **argv)
{
	const struct cmd_optset help = {copts_table, NULL,
					COPT_HELP | COPT_VERSION};
	int rc = cmd_opts_parse(argc, argv, &help, 1, CMD_OPTS_NOCOLON);

	if (rc >= 0)
		return rc;
	if (argc - optind < 2)
		return usage_error("want an output store and at least one "
				   "shard");
	return merge_all(argv[optind], argc - optind - 1, argv + optind + 1);
}
