/* t/6139: helper() gives its struct to sink(), a function of 35
 * parameters that reads it only, as the 35th argument */
#include <unistd.h>
struct cfg {
	long bs;
	int fd;
};
static long sink(int a0,
		 int a1,
		 int a2,
		 int a3,
		 int a4,
		 int a5,
		 int a6,
		 int a7,
		 int a8,
		 int a9,
		 int a10,
		 int a11,
		 int a12,
		 int a13,
		 int a14,
		 int a15,
		 int a16,
		 int a17,
		 int a18,
		 int a19,
		 int a20,
		 int a21,
		 int a22,
		 int a23,
		 int a24,
		 int a25,
		 int a26,
		 int a27,
		 int a28,
		 int a29,
		 int a30,
		 int a31,
		 int a32,
		 int a33,
		 struct cfg *s)
{
	return s->bs + a0 + a33;
}
static void put(struct cfg *s, long bs)
{
	char b[4096] = {0};
	write(s->fd, b, (size_t)bs);
}
static void helper(struct cfg *s)
{
	put(s, s->bs);
	sink(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, s);
}
int main(void)
{
	struct cfg c = {4096, 1};
	helper(&c);
	return 0;
}
