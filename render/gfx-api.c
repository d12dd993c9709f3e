/*
 * The drawing module's table (render/gfx.h): the one symbol the binary
 * looks up after dlopen().
 */
#include "render/gfx.h"
#include "base/banned.h"

static const struct iol_gfx table = {
	IOL_GFX_VERSION,
	report_write,
	report_cleanup,
	report_default_template,
	xlsx_write,
	popreport_write,
	popreport_context_page,
	iostat_report_write,
	profile_pdf,
	flame_write,
};

const struct iol_gfx *iolens_gfx(void)
{
	return &table;
}
