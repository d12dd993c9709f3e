# Round 34's CSV writer: NROW rows of 8 numbers written line by line with csv.writer, either flushed after
# every row ("flush", as a progress-logging script does) or left to Python's buffer ("buffered").
import csv, sys
path, nrow, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(path, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["i", "a", "b", "c", "d", "e", "f", "g"])
    for i in range(nrow):
        w.writerow([i] + [round((i * 7919 + k * 104729) % 100003 / 3.0, 4) for k in range(7)])
        if mode == "flush":
            f.flush()
