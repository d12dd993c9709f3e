/*
 * A command that a signal stops cleans up before it ends (a replay
 * removes its sandbox's runs): SIGINT, SIGTERM, SIGHUP and SIGQUIT set
 * cmd_stop_sig, which the command's loops look at, and
 * cmd_signals_end() then ends the process as that signal would have.
 */
#ifndef IOLENS_CLI_SIGNALS_H
#define IOLENS_CLI_SIGNALS_H

/* the signal that asked the command to stop, or 0 */
extern volatile int cmd_stop_sig;

/* Catch the four signals into cmd_stop_sig from now on. */
void cmd_signals_catch(void);
/* After the cleanup: end by the signal caught, if one was, without a
 * core dump; else return. */
void cmd_signals_end(void);

#endif
