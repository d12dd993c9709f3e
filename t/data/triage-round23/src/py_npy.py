# np.save/np.load of a large array, many small .npy files, pickle: as users' python jobs do
import sys, os, pickle
import numpy as np
mode, d = sys.argv[1], sys.argv[2]
if mode == "big":
    a = np.arange(16 * 1024 * 1024, dtype=np.float64)          # 128 MiB
    np.save(os.path.join(d, "big.npy"), a)
    b = np.load(os.path.join(d, "big.npy"))
    print(b.sum())
elif mode == "many":
    os.makedirs(os.path.join(d, "many"), exist_ok=True)
    for i in range(2000):                                       # 2000 files of 1 KiB of data
        np.save(os.path.join(d, "many", "a%04d.npy" % i), np.full(128, i, dtype=np.float64))
    print(sum(np.load(os.path.join(d, "many", "a%04d.npy" % i))[0] for i in range(2000)))
else:
    obj = {"k%d" % i: list(range(50)) for i in range(100000)}
    with open(os.path.join(d, "obj.pkl"), "wb") as f:
        pickle.dump(obj, f)
    with open(os.path.join(d, "obj.pkl"), "rb") as f:
        print(len(pickle.load(f)))
