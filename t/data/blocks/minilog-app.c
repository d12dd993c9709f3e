void log_open(const char *path);
void log_msg(const char *fmt, ...);
int main(void)
{
	log_open("app.log");
	for (int i = 0; i < 3; i++)
		log_msg("step %d\n", i);
	if (__builtin_expect(0, 0))
		return 1;
	return 0;
}
