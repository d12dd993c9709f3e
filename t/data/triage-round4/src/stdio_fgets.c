/* STDIO reads: parse a 120 MB text file line by line with fgets (the
 * usual way a post-processing tool reads a CSV). */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
	FILE *f = fopen(argv[1], "r");
	char line[256];
	double s = 0;
	if (!f)
		return 1;
	while (fgets(line, sizeof line, f))
		s += atof(line);
	fclose(f);
	printf("%g\n", s);
	return 0;
}
