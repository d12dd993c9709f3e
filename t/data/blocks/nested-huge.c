/* t/6139: reads in loops of 2^31 x 2^31 x 4 x 4 iterations (never run):
 * their count saturates at INT64_MAX, beside a loop of unknown trips */
#include <stdio.h>
int main(int argc, char **argv)
{
	FILE *f = fopen("data.txt", "w+");
	char b[100];

	(void)argv;
	fwrite("hello", 1, 5, f);
	rewind(f);
	if (argc > 5)
		for (long i = 0; i < 2147483648L; i++)
			for (long k = 0; k < 2147483648L; k++)
				for (long m = 0; m < 4; m++)
					for (long j = 0; j < 4; j++)
						fread(b, 1, (size_t)argc, f);
	while (argc-- > 7)
		fread(b, 1, (size_t)argc, f);
	fread(b, 1, 5, f);
	fclose(f);
	return 0;
}
