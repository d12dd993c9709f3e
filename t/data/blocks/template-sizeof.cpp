#include <cstdint>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>
#include <vector>
template <typename T> struct writer {
	int fd;
	explicit writer(int f) : fd(f) {}
	void put(const T *v, size_t n) { ::write(fd, v, sizeof(T) * n); }
	void one(const T &v) { ::write(fd, &v, sizeof(T)); }
};
template <typename U> static void dump(FILE *f, const U *v)
{
	fwrite(v, sizeof(U), 16, f);
}
int main()
{
	int fd = ::open("t.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	std::vector<double> d(512);
	std::vector<int16_t> s(64);
	writer<double> wd(fd);
	writer<int16_t> ws(fd);
	for (int i = 0; i < 100; i++)
		wd.put(d.data(), 512);
	for (int i = 0; i < 300; i++)
		ws.put(s.data(), 64);
	ws.one(s[0]);
	FILE *f = fopen("u.dat", "w");
	dump(f, d.data());
	fclose(f);
	::close(fd);
	return 0;
}
