/* STDIO-heavy: a "simulation" that logs every step with fprintf and an
 * fflush after each line (a line-buffered progress log), 150000 lines. */
#include <stdio.h>
int main(int argc, char **argv)
{
	FILE *f = fopen(argc > 1 ? argv[1] : "progress.log", "w");
	if (!f)
		return 1;
	for (int i = 0; i < 150000; i++) {
		fprintf(f, "step %d residual %.9e dt %.3e\n", i, 1.0 / (i + 1), 1e-3);
		fflush(f);
	}
	return fclose(f) != 0;
}
