#include <stdarg.h>
#include <stdio.h>
static FILE *logf;
void log_open(const char *path)
{
	logf = fopen(path, "w");
}
void log_msg(const char *fmt, ...)
{
	va_list ap, aq;

	va_start(ap, fmt);
	va_copy(aq, ap);
	vfprintf(logf, fmt, ap);
	va_end(aq);
	va_end(ap);
	__sync_synchronize();
}
