/*
 * The view of `iolens config`: the site configuration in force, key by
 * key, and where each value came from (population/siteconf.h).
 */
#include <stdio.h>

#include "render/views.h"
#include "analysis/triage.h"
#include "population/siteconf.h"
#include "base/banned.h"

static const struct iol_col config_cols[] = {
	{"key", "key", COL_STR, 0, "The key (man iolens-config)"},
	{"value", "value", COL_STR, 0, "Its value in force"},
	{"source", "source", COL_PATH, 0,
	 "Where it came from: file:line, a variable, an option, default, or "
	 "not set"},
};
const struct iol_view iol_view_config = IOL_VIEW("config", NULL, config_cols);

static void row(struct out *o, const char *k, const char *v, const char *src)
{
	out_str(o, k);
	out_str(o, v ? v : "");
	out_str(o, src);
	out_endrow(o);
}

/* Text: which files were read, before the table. */
static void files_read(struct out *o, const struct iol_sitefile *files,
		       int nfiles)
{
	for (int i = 0; i < nfiles; i++)
		if (files[i].path[0])
			out_text(o, "%s: %s\n", files[i].path,
				 files[i].read ? "read" : "not present");
	out_text(o, "\n");
}

/* The keys set, then the plain keys unset and every triage threshold
 * left at its default. */
void iol_view_config_print(struct out *o, const struct iol_siteconf *c,
			   const struct iol_sitefile *files, int nfiles)
{
	static const char *const plain[] = {"db", "procs_per_node",
					    "serve.listen", "serve.logs"};
	struct iol_triage_conf def;
	struct iol_error err = {0};
	char key[96], val[64];
	size_t i;

	if (o->fmt == FMT_TEXT)
		files_read(o, files, nfiles);
	iol_triage_conf_parse(&def, NULL, &err);
	out_view(o, &iol_view_config);
	for (i = 0; i < c->n; i++)
		row(o, c->v[i].key, c->v[i].value, c->v[i].origin);
	for (i = 0; i < sizeof plain / sizeof *plain; i++)
		if (!iol_siteconf_get(c, plain[i], NULL))
			row(o, plain[i], NULL, "not set");
	for (int k = 0; iol_triage_conf_key(k); k++) {
		snprintf(key, sizeof key, "triage.%s", iol_triage_conf_key(k));
		if (iol_siteconf_get(c, key, NULL))
			continue;
		snprintf(val, sizeof val, "%g", def.v[k]);
		row(o, key, val, "default");
	}
	out_endtable(o);
}
