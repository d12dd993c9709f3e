/*
 * The placeholders of man/help/<cmd>.txt that only the binary can fill
 * (render/help.h): defaults the library holds, and the report template.
 */
#include <stdio.h>
#include <string.h>

#include "render/help.h"
#include "render/report.h"
#include "analysis/select.h"
#include "population/popan.h"
#include "population/trend.h"
#include "base/banned.h"

const char *excl_defaults_help(void)
{
	static char b[256];

	iol_excl_defaults_text(b, sizeof(b));
	return b;
}

const char *iol_help_binary_value(const char *name)
{
	static const struct {
		const char *name;
		double v;
	} nums[] = {
		{"TREND_MIN", IOL_TREND_MIN},
		{"TREND_REL_PCT", (int)(IOL_TREND_REL * 100)},
		{"CMP_D", IOL_CMP_D},
		{"POP_CTX_MIN", IOL_POP_CTX_MIN},
	};
	static char b[32];

	if (!strcmp(name, "EXCL_DEFAULTS"))
		return excl_defaults_help();
	if (!strcmp(name, "REPORT_TEMPLATE"))
		return report_default_template();
	for (size_t i = 0; i < sizeof nums / sizeof *nums; i++)
		if (!strcmp(name, nums[i].name)) {
			snprintf(b, sizeof(b), "%g", nums[i].v);
			return b;
		}
	return NULL;
}
