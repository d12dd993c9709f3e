#!/bin/sh
# loop-fsync-k.sh [OUTLIER_US]: a hand-made strace -f -k -tt -T trace on
# standard output (t/6160, t/6161): main() opens /data/out.dat, loop()
# writes 256 B 200 times, each 8 us but every 40th OUTLIER_US (300:
# strace's stops rescheduled under load), flushit() fsyncs for 2 s,
# main() closes it in 2 us.
awk -v out="${1:-300}" 'BEGIN {
	t = 36000
	lib = " > /usr/lib/x86_64-linux-gnu/libc.so.6"
	tail = lib "(__libc_start_call_main+0x7a) [0x2724a]\n > /opt/app/bin/app(_start+0x25) [0x10d5]"
	printf "100   10:00:%09.6f openat(AT_FDCWD</data>, \"/data/out.dat\", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3</data/out.dat> <0.000010>\n", 0.0001
	printf "%s(__open64+0x5b) [0x1148fb]\n > /opt/app/bin/app(main+0x10) [0x1b10]\n%s\n", lib, tail
	for (i = 1; i <= 200; i++) {
		d = i % 40 ? 8 : out
		printf "100   10:00:%09.6f write(3</data/out.dat>, \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"..., 256) = 256 <%.6f>\n", 0.001 + i * 0.0004, d / 1e6
		printf "%s(__write+0x17) [0x114a37]\n > /opt/app/bin/app(loop+0x44) [0x1a54]\n > /opt/app/bin/app(main+0x20) [0x1b20]\n%s\n", lib, tail
	}
	printf "100   10:00:%09.6f fsync(3</data/out.dat>) = 0 <2.000000>\n", 0.1
	printf "%s(fsync+0x17) [0x118a97]\n > /opt/app/bin/app(flushit+0x2a) [0x1e2a]\n > /opt/app/bin/app(main+0x30) [0x1b30]\n%s\n", lib, tail
	printf "100   10:00:%09.6f close(3</data/out.dat>) = 0 <0.000002>\n", 2.2
	printf "%s(__close+0x14) [0x1152a4]\n > /opt/app/bin/app(main+0x40) [0x1b40]\n%s\n", lib, tail
	printf "100   10:00:%09.6f +++ exited with 0 +++\n", 2.3
}'
