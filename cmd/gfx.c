/*
 * The two renderers' names of the drawing module (render/gfx.h,
 * render/gfx-load.c loads it) whose failure to load is said on stderr
 * in the house style rather than returned: the --help of report names
 * the default template, and replay --profile's writer reports by errno.
 */
#include <errno.h>

#include "cmd/util.h"
#include "render/gfx.h"
#include "base/banned.h"

const char *report_default_template(void)
{
	const struct iol_gfx *g = iol_gfx_get();

	if (g)
		return g->report_default_template();
	msg("cannot load the drawing module: %s", iol_gfx_why());
	return "(none: the drawing module is missing)";
}

int profile_pdf(const char *path, const struct iol_rprofile *orig,
		const struct iol_rprofile *rep, const char *title, int64_t date)
{
	const struct iol_gfx *g = iol_gfx_get();

	if (!g) {
		msg("cannot load the drawing module: %s", iol_gfx_why());
		errno = ELIBACC;
		return -1;
	}
	return g->profile_pdf(path, orig, rep, title, date);
}
