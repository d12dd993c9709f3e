/* libstdc++'s file stream writes: 200 writes of 1000 B go out as 22
 * writev(2) of 9000 B (a write that does not fit in what is left of the
 * 8191 B buffer goes out with it) and 2000 B at the close; 5 writes of
 * 2000 B (1 KiB or more) as 5 writev(2) (t/6094; issue 33 D5) */
#include <fstream>

static char rec[2000];

int main()
{
	std::ofstream small("small.out", std::ios::binary);

	for (int i = 0; i < 200; i++)
		small.write(rec, 1000);
	small.close();

	std::ofstream big("big.out", std::ios::binary);

	for (int i = 0; i < 5; i++)
		big.write(rec, 2000);
	big.close();
	return 0;
}
