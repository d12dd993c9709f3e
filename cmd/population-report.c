/* placeholder, replaced below */
#include "cmd/commands.h"
#include "base/banned.h"
int cmd_population_report(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return 1;
}
