/* chain-lib.c's function (t/6096) */
void emit(int fd, const char *buf, int n);
