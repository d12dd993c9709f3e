/*
 * libFuzzer harness: triage configuration files
 * (lib/analysis/triage-conf.c), given as text.
 */
#include "fuzz/fuzz.h" /* first: it asks for _GNU_SOURCE */

#include <string.h>

#include "analysis/triage.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct iol_triage_conf c;
	char *text = malloc(size + 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	iol_triage_conf_parse(&c, text, NULL);
	free(text);
	return 0;
}
