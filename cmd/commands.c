/* The one table of iolens commands, in the order --help lists them. */
#include <stddef.h>

#include "commands.h"

const struct command commands[] = {
	{ "parse", cmd_parse,
	  "print a Darshan log as darshan-parser / darshan-dxt-parser do" },
	{ NULL, NULL, NULL },
};
