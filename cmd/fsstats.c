/* iolens fsstats: placeholder until the walker lands. */
#include "cmd/commands.h"
#include "base/banned.h"

int cmd_fsstats(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return 1;
}
