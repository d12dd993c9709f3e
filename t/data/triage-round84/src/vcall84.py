"""Round 84 (labels84): a pure-Python variant caller over a BAM-like sample (blocks + index) and a FASTA reference.
vcall84.py fai|scan REF SAMPLE NREGIONS WORK OUT.vcf
  fai : fetch each region's reference bases through REF.fai (seek to the region: how samtools faidx does it)
  scan: no index: read REF from the top in 1 MiB reads until the region's chromosome is reached (re-reads REF)"""
import sys, hashlib

def load_fai(ref):
    fai = {}
    with open(ref + ".fai") as f:
        for line in f:
            name, length, off, lb, lw = line.split("\t")
            fai[name] = (int(length), int(off), int(lb), int(lw))
    return fai

def fetch_fai(f, fai, chrom, pos, n):
    length, off, lb, lw = fai[chrom]
    f.seek(off + pos // lb * lw + pos % lb)
    return f.read(n + n // lb + 2).replace(b"\n", b"")[:n]

def fetch_scan(ref, chrom, pos, n):
    tag = b">" + chrom.encode() + b"\n"
    with open(ref, "rb", buffering=0) as f:
        seen = b""
        while True:
            blk = f.read(1 << 20)
            if not blk:
                return b""
            seen = seen[-64:] + blk
            i = seen.find(tag)
            if i >= 0:
                rest = seen[i + len(tag):]
                while len(rest) < pos + n + n // 60 + 64 * 1024:
                    more = f.read(1 << 20)
                    if not more:
                        break
                    rest += more
                body = rest.replace(b"\n", b"")
                return body[pos:pos + n]

def main():
    mode, ref, sample, nreg, work, out = sys.argv[1:7]
    nreg, work = int(nreg), int(work)
    fai = load_fai(ref)
    chroms = sorted(fai, key=lambda c: fai[c][1])
    with open(sample + ".idx") as f:
        blocks = [int(x) for x in f.read().split()]
    rf = open(ref, "rb")
    sf = open(sample, "rb")
    calls = []
    for r in range(nreg):
        chrom = chroms[(r * 7) % len(chroms)]
        pos = (r * 104729) % (fai[chrom][0] - 20000)
        bases = fetch_fai(rf, fai, chrom, pos, 10000) if mode == "fai" else fetch_scan(ref, chrom, pos, 10000)
        b = blocks[(r * 37) % (len(blocks) - 1)]
        sf.seek(b)
        reads = sf.read(blocks[(r * 37) % (len(blocks) - 1) + 1] - b)
        h = hashlib.sha256(bases + reads).digest()
        for _ in range(work):
            h = hashlib.sha256(h).digest()
        for k in range(0, len(bases), 997):
            if (h[k % 32] ^ bases[k]) % 11 == 0:
                calls.append("%s\t%d\t.\t%c\t%c\t%d\tPASS\tDP=%d\n" % (chrom, pos + k + 1, bases[k], "ACGT"[h[k % 32] % 4], h[(k + 1) % 32], reads.count(b"A") % 99))
    with open(out, "w") as o:
        o.write("##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n")
        for c in calls:
            o.write(c)
    print("%d calls in %d regions (%s)" % (len(calls), nreg, mode))

main()
