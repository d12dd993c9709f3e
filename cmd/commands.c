/* The one table of iolens commands; `iolens --help` lists them with a
 * line each (man/help/iolens.txt). */
#include <stddef.h>

#include "cmd/commands.h"
#include "base/banned.h"

const struct command commands[] = {
	{"parse", cmd_parse},
	{"summary", cmd_summary},
	{"files", cmd_files},
	{"hist", cmd_hist},
	{"meta", cmd_meta},
	{"triage", cmd_triage},
	{"timeline", cmd_timeline},
	{"diff", cmd_diff},
	{"blocks", cmd_blocks},
	{"report", cmd_report},
	{"export", cmd_export},
	{"iostat", cmd_iostat},
	{"fsload", cmd_fsload},
	{"fsstats", cmd_fsstats},
	{"convert", cmd_convert},
	{"ingest", cmd_ingest},
	{"merge-db", cmd_merge_db},
	{"jobs", cmd_jobs},
	{"groups", cmd_groups},
	{"variance", cmd_variance},
	{"context", cmd_context},
	{"coverage", cmd_coverage},
	{"trend", cmd_trend},
	{"compare", cmd_compare},
	{"population-report", cmd_population_report},
	{"config", cmd_config},
	{"serve", cmd_serve},
	{"trace", cmd_trace},
	{"replay-script", cmd_replay_script},
	{"replay", cmd_replay},
	{NULL, NULL},
};
