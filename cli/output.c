/*
 * The output chosen from --format and -o, opened and closed, each
 * failure said (cli/output.h).
 */
#include <stdlib.h>
#include <string.h>

#include "cli/output.h"
#include "cli/usage.h"
#include "render/outfmt.h"
#include "base/banned.h"

int cmd_outfmt(const char *fmtarg, const char *path, unsigned mask, int dflt,
	       const char *own)
{
	const char *me = iol_progname;
	char *why;
	int f;

	if (!strncmp(me, "iolens ", 7))
		me += 7;
	f = out_format_choose(me, fmtarg, path, mask, dflt, own, &why);
	if (f < 0)
		usage_error("%s", why ? why : "out of memory");
	free(why);
	return f;
}

int cmd_out_open(struct out *o, const char *path, int fmt)
{
	if (out_open(o, path, fmt) < 0) {
		msg("%s", o->err.msg);
		return -1;
	}
	return 0;
}

int cmd_out_close(struct out *o, int commit)
{
	if (out_close(o, commit) < 0) {
		if (o->err.msg[0])
			msg("%s", o->err.msg);
		return -1;
	}
	return 0;
}
