/* `iolens help --complete` (cmd/complete.c): the commands and their
 * options from their tables, for the shell completions. */
#ifndef IOLENS_CMD_COMPLETE_H
#define IOLENS_CMD_COMPLETE_H

/* Print every command and its options to stdout: an exit status. */
int cmd_complete_list(void);

#endif
