/*
 * iolens replay-script (placeholder until events land).
 */
#include "cmd/commands.h"
#include "cmd/util.h"
#include "base/banned.h"

int cmd_replay_script(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	msg("not yet");
	return EXIT_DATA;
}
