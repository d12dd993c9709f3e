/* Round 89's bioinformatics job (labels89): stream a FASTQ file with fgets, count canonical-free 8-mers
 * of every read, write the table. Usage: bio89 IN.fastq OUT.tsv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc < 3) return 2;
	FILE *in = fopen(argv[1], "r");
	if (!in) return 1;
	static unsigned counts[1 << 16];
	char line[1024];
	long n = 0;
	while (fgets(line, sizeof line, in)) {
		if (n++ % 4 != 1) continue;
		unsigned k = 0;
		for (int i = 0; line[i] && line[i] != '\n'; i++) {
			int c = line[i] == 'A' ? 0 : line[i] == 'C' ? 1 : line[i] == 'G' ? 2 : 3;
			k = ((k << 2) | c) & 0xffff;
			if (i >= 7) counts[k]++;
		}
	}
	fclose(in);
	FILE *out = fopen(argv[2], "w");
	for (int i = 0; i < (1 << 16); i++) fprintf(out, "%d\t%u\n", i, counts[i]);
	fclose(out);
	printf("%ld reads\n", n / 4);
	return 0;
}
