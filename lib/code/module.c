/*
 * The source extractor module's table (code/module.h): the one symbol the
 * binary looks up after dlopen().
 */
#include "code/module.h"
#include "base/banned.h"

static const struct iol_code table = {
	IOL_CODE_VERSION, iol_ctree_extract, iol_ctree_free,
	iol_cjoin_make,	  iol_cjoin_free,
};

const struct iol_code *iolens_code(void)
{
	return &table;
}
