/* Round 141: grid production-cost model (serial). Hourly unit commitment for G generators over H
 * hours; one CSV row of dispatch per hour. Mode "flush" fflush()es every row (so the run can be
 * tailed): on synchronous storage each row becomes its own device write. Mode "end": stdio buffering. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

int main(int argc, char **argv)
{
	if (argc < 4) { fprintf(stderr, "usage: gridcost HOURS flush|end OUT.csv\n"); return 2; }
	int hours = atoi(argv[1]), flush = !strcmp(argv[2], "flush"), g = 24;
	FILE *f = fopen(argv[3], "w");
	double cost = 0, p[24];
	if (!f) return 1;
	fprintf(f, "hour,load_mw,cost");
	for (int k = 0; k < g; k++) fprintf(f, ",g%d", k);
	fputc('\n', f);
	for (int h = 0; h < hours; h++) {
		double load = 900 + 300 * sin(2 * M_PI * h / 24.0), left = load;
		/* merit order: cheapest units first, a small solve per hour */
		for (int it = 0; it < 20000; it++) left = left * 0.9999999 + 1e-9 * it;
		for (int k = 0; k < g; k++) { p[k] = left > 80 ? 80 : (left > 0 ? left : 0); left -= p[k]; cost += p[k] * (10 + k); }
		fprintf(f, "%d,%.1f,%.0f", h, load, cost);
		for (int k = 0; k < g; k++) fprintf(f, ",%.1f", p[k]);
		fputc('\n', f);
		if (flush) fflush(f);
	}
	fclose(f);
	printf("total cost %.0f\n", cost);
	return 0;
}
