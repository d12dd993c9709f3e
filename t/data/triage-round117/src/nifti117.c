/* round 117: serial NIfTI-like volume reader. A volume is a 352-byte header then NX*NY*NZ float32.
 * modes: gen DIR N (make N subject volumes, not logged), slice DIR N (one read a z-slice),
 * row DIR N (one read a voxel row: 512-B requests), whole DIR N (one read the whole volume). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#define NX 128
#define NY 128
#define NZ 64
#define HDR 352
static float vol[NZ][NY][NX];
static void path(char *p, const char *dir, int s) { snprintf(p, 512, "%s/sub-%03d_T1w.nii", dir, s); }
static void gen(const char *dir, int n)
{
	char p[512], h[HDR];
	mkdir(dir, 0755);
	for (int s = 0; s < n; s++) {
		memset(h, 0, HDR); *(int *)h = 348; memcpy(h + 344, "n+1", 4);
		for (int z = 0; z < NZ; z++) for (int y = 0; y < NY; y++) for (int x = 0; x < NX; x++)
			vol[z][y][x] = (float)((x * 7 + y * 13 + z * 17 + s * 31) % 1000) / 10.0f;
		path(p, dir, s); int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (write(fd, h, HDR) != HDR || write(fd, vol, sizeof vol) != (ssize_t)sizeof vol) { perror(p); exit(1); }
		close(fd);
	}
}
static void rd(int fd, void *b, size_t n) { if (read(fd, b, n) != (ssize_t)n) { perror("read"); exit(1); } }
static double load(const char *dir, int s, const char *mode)
{
	char p[512], h[HDR]; double sum = 0;
	path(p, dir, s); int fd = open(p, O_RDONLY); if (fd < 0) { perror(p); exit(1); }
	rd(fd, h, HDR);
	if (!strcmp(mode, "whole")) rd(fd, vol, sizeof vol);
	else if (!strcmp(mode, "slice")) for (int z = 0; z < NZ; z++) rd(fd, vol[z], sizeof vol[z]);
	else for (int z = 0; z < NZ; z++) for (int y = 0; y < NY; y++) rd(fd, vol[z][y], sizeof vol[z][y]);
	close(fd);
	/* per-subject work: smoothing-like pass over the volume, same in every mode */
	for (int it = 0; it < 6; it++)
		for (int z = 1; z < NZ - 1; z++) for (int y = 1; y < NY - 1; y++) for (int x = 1; x < NX - 1; x++)
			sum += 0.5f * vol[z][y][x] + 0.125f * (vol[z][y][x - 1] + vol[z][y][x + 1] + vol[z - 1][y][x] + vol[z + 1][y][x]);
	return sum;
}
int main(int argc, char **argv)
{
	if (argc < 4) { fprintf(stderr, "usage: nifti117 gen|slice|row|whole DIR N\n"); return 2; }
	int n = atoi(argv[3]); double t = 0;
	if (!strcmp(argv[1], "gen")) { gen(argv[2], n); return 0; }
	for (int s = 0; s < n; s++) t += load(argv[2], s, argv[1]);
	printf("%s %d subjects, checksum %.6g\n", argv[1], n, t);
	return 0;
}
