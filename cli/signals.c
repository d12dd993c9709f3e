/*
 * The signals that stop a command, caught and then obeyed
 * (cli/signals.h).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "cli/signals.h"
#include "base/banned.h"

volatile int cmd_stop_sig;

static void on_signal(int sig)
{
	cmd_stop_sig = sig;
}

void cmd_signals_catch(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
}

void cmd_signals_end(void)
{
	struct rlimit nocore = {0, 0};

	if (!cmd_stop_sig)
		return;
	/* SIGQUIT's status, without its core dump: the run was stopped and
	 * cleaned up, not broken */
	setrlimit(RLIMIT_CORE, &nocore);
	signal(cmd_stop_sig, SIG_DFL);
	raise(cmd_stop_sig);
}
