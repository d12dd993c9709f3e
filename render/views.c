/*
 * The registry of views, and their description for `iolens help
 * --columns` and the man pages.
 */
#include <string.h>

#include "render/views.h"
#include "render/view-context.h"
#include "render/view-diff.h"
#include "render/view-files.h"
#include "render/view-groups.h"
#include "render/view-hist.h"
#include "render/view-meta.h"
#include "render/view-summary.h"
#include "render/view-timeline.h"
#include "base/banned.h"

/* one line per view, grouped by command, its main view first (the
 * order of its man page's COLUMNS section) */
/* clang-format off */
const struct iol_view *const iol_views[] = {
	&iol_view_blocks,
	&iol_view_blocks_tree,
	&iol_view_blocks_source_rows,
	&iol_view_blocks_join_rows,
	&iol_view_blocks_join_tree,
	&iol_view_blocks_join_tree_time,
	&iol_view_compare,
	&iol_view_config,
	&iol_view_coverage,
	&iol_view_coverage_apis,
	&iol_view_context,
	&iol_view_context_weather,
	&iol_view_diff,
	&iol_view_files,
	&iol_view_files_shared,
	&iol_view_fsload,
	&iol_view_fsload_ops,
	&iol_view_fsload_periods,
	&iol_view_fsload_intervals,
	&iol_view_fsload_jobs,
	&iol_view_fsstats,
	&iol_view_fsstats_hist,
	&iol_view_fsstats_compare,
	&iol_view_groups,
	&iol_view_hist,
	&iol_view_iostat,
	&iol_view_iostat_periods,
	&iol_view_iostat_table,
	&iol_view_iostat_cdf,
	&iol_view_iostat_summary,
	&iol_view_iostat_jobs,
	&iol_view_iostat_coverage,
	&iol_view_meta,
	&iol_view_summary,
	&iol_view_timeline,
	&iol_view_timeline_phases,
	&iol_view_timeline_bins,
	&iol_view_trend,
	&iol_view_triage,
	&iol_view_triage_db,
	&iol_view_triage_rules,
	&iol_view_variance,
	NULL,
};
/* clang-format on */

static const char *const kinds[] = {"text", "number", "path", "prose"};

static void describe_mdoc(struct obuf *ob, const struct iol_view *v, int nviews)
{
	int i;

	if (nviews > 1)
		obuf_printf(ob, ".Ss %s\n", v->name ? v->name : v->cmd);
	obuf_puts(ob, ".Bl -tag -width Ds\n");
	for (i = 0; i < v->ncols; i++) {
		obuf_printf(ob, ".It Li %s\n", v->cols[i].key);
		obuf_printf(ob, "%s", v->cols[i].doc);
		if (strcmp(v->cols[i].head, v->cols[i].key))
			obuf_printf(ob, "; headed\n.Ql %s\nin text",
				    v->cols[i].head);
		obuf_puts(ob, ".\n");
	}
	obuf_puts(ob, ".El\n");
}

static void describe_text(struct obuf *ob, const struct iol_view *v)
{
	int i;

	obuf_printf(ob, "%s%s%s:\n", v->cmd, v->name ? " " : "",
		    v->name ? v->name : "");
	for (i = 0; i < v->ncols; i++)
		obuf_printf(ob, "  %-24s %-14s %-6s %s\n", v->cols[i].key,
			    v->cols[i].head, kinds[v->cols[i].kind],
			    v->cols[i].doc);
}

/* The head of the man page's generated section. */
static const char mdoc_head[] =
	".Sh COLUMNS\n"
	"The columns of the CSV, TSV and JSON outputs by their keys, in "
	"order.\n"
	"The text output heads a column by its key or the header named here,\n"
	"and hides the columns of least use when its lines would be wider "
	"than\n"
	"the terminal\n"
	".Pq Ev COLUMNS , No or 100 when not a terminal ,\n"
	"naming them after the table;\n"
	".Fl \\-wide\n"
	"shows them all.\n";

int iol_views_describe(struct obuf *ob, const char *cmd, int mdoc)
{
	const struct iol_view *v[32];
	int i, n;

	/* the views made from a table of fields at run time */
	iol_view_summary_init();
	n = iol_views_of(cmd, v, 32);

	if (mdoc && n)
		obuf_printf(ob,
			    ".\\\" Made by 'iolens help --columns %s --mdoc': "
			    "do not edit.\n%s",
			    cmd, mdoc_head);
	for (i = 0; i < n; i++) {
		if (mdoc) {
			describe_mdoc(ob, v[i], n);
		} else {
			if (i)
				obuf_putc(ob, '\n');
			describe_text(ob, v[i]);
		}
	}
	return n;
}
