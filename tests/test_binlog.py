#!/usr/bin/env python3
"""python/dlsim/binlog.py against dlsim's own JSONL log (make test).

    python3 tests/test_binlog.py PATH/TO/dlsim

For every example scenario (and two long runs that cross the writer's
1 MiB buffer), the binary log read by binlog.py must give the header and
the records of --log F.jsonl of the same run, record for record (as
json.loads gives them); to_numpy() must agree with the records when numpy
can be imported (make test installs it), its vectorised decoder taking
every well-formed log.  Read a few bytes at a time, the long logs give the
same records and arrays.  So must the version 1 logs kept in
tests/golden/v1 (against tests/golden/NAME.log.jsonl).  Broken files
(every truncation of a small log, another version, a bad magic, unknown
flags and kinds, bad short records, a record after "end"; in both
versions) must raise BinLogError, the same error whatever the chunk size;
a log with one byte changed (600 of them, in both versions) must give the
same rows or error through to_numpy as through the records.  Ends with "binlog.py: N
passed, N failed"; exit 1 if any failed.  Files go to a temporary folder, removed at the end.
"""

import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.dont_write_bytecode = True         # nothing left in python/

from dlsim import binlog  # noqa: E402

LONG = (("rm-vs-edf", "50000"), ("linux-dl", "100s"))

passed = failed = 0

# Logs of at most this many bytes are also read 7 bytes at a time by
# to_numpy, and the largest of them gets one-byte mutants.
SMALL = 40000


def have_numpy():
    """True if numpy can be imported (to_numpy's checks run then)."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + what)


def run(dlsim, yaml, out, until=None):
    cmd = [dlsim, "run", yaml, "--quiet", "--log", out]
    if until:
        cmd += ["--until", until]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def compare(dlsim, tmp, name, until=None):
    """The binary log of one run against its JSONL log."""
    yaml = os.path.join(ROOT, "scenarios", "examples", name + ".yaml")
    jl, bn = os.path.join(tmp, name + ".jsonl"), os.path.join(tmp, name + ".bin")
    run(dlsim, yaml, jl, until)
    run(dlsim, yaml, bn, until)
    with open(jl, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    hdr, recs = binlog.records(bn)
    check(hdr == lines[0], "%s: header differs from the JSONL header" % name)
    got = [binlog.as_dict(r) for r in recs]
    same = got == lines[1:]
    if not same:
        bad = next((i for i, (a, b) in enumerate(zip(got, lines[1:]))
                    if a != b), min(len(got), len(lines) - 1))
        print("  %s: record %d: %r != %r" % (name, bad + 1,
              got[bad] if bad < len(got) else None,
              lines[bad + 1] if bad + 1 < len(lines) else None))
    check(same, "%s: %d records read, the JSONL log has %d%s"
          % (name, len(got), len(lines) - 1, "" if same else ", not equal"))
    if not have_numpy():
        return bn
    import numpy as np
    with binlog.open_log(bn) as log:
        fast = binlog._numpy_fast(log, np, np.dtype(binlog._NUMPY_DTYPE))
    check(fast is not None, "%s: to_numpy's vectorised decoder refused a "
          "well-formed log" % name)
    want = numpy_rows(recs)
    # 7 bytes at a time: records and varints cut everywhere (small logs;
    # the long ones: chunked())
    for c in (binlog.CHUNK, 7) if os.path.getsize(bn) <= SMALL else \
            (binlog.CHUNK,):
        a = binlog.to_numpy(bn, chunk=c)
        check(a.tolist() == want, "%s: to_numpy (%d bytes at a time) "
              "differs from the records" % (name, c))
    return bn


def compare_v1(bn):
    """A version 1 log kept in tests/golden/v1 against the JSONL log of
    the same run (tests/golden/NAME.log.jsonl), through the records and
    to_numpy."""
    name = os.path.basename(bn)[:-len(".log.bin")]
    with open(os.path.join(ROOT, "tests", "golden", name + ".log.jsonl"),
              encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    with binlog.open_log(bn) as log:
        check(log.version == 1, "%s: version %d" % (bn, log.version))
    hdr, recs = binlog.records(bn)
    # the header: the JSONL one without what headers carry since (the
    # tasks' class, cpu and server, the servers, the fair server)
    want = dict(lines[0])
    want["tasks"] = [{k: v for k, v in t.items()
                      if k not in ("class", "cpu", "server")}
                     for t in want["tasks"]]
    want.pop("servers", None)
    want.pop("fair_server", None)
    check(hdr == want, "%s: the header differs from the JSONL log's" % bn)
    check([binlog.as_dict(r) for r in recs] == lines[1:],
          "%s: the records differ from the JSONL log" % bn)
    if have_numpy():
        import numpy as np
        with binlog.open_log(bn) as log:
            fast = binlog._numpy_fast(log, np, np.dtype(binlog._NUMPY_DTYPE))
        check(fast is not None and fast.tolist() == numpy_rows(recs),
              "%s: to_numpy differs from the records" % bn)


def numpy_rows(recs):
    """The rows to_numpy must give for these records (as tolist())."""
    idx, tm = binlog.NUMPY_NULL_INDEX, binlog.NUMPY_NULL_TIME
    return [(binlog.EVENTS.index(r.event), r.t,
             idx if r.cpu is None else r.cpu,
             idx if r.task_index is None else r.task_index,
             idx if r.job is None else r.job, r.value,
             idx if r.seq is None else r.seq,
             tm if r.release is None else r.release,
             tm if r.deadline is None else r.deadline,
             tm if r.start is None else r.start,
             tm if r.finish is None else r.finish,
             idx if r.last_cpu is None else r.last_cpu) for r in recs]


def outcome(read):
    """What read() gives, or the type and message of what it raises."""
    try:
        return read()
    except Exception as e:         # BinLogError, OverflowError (int64)
        return (type(e).__name__, str(e))


def mutants(path, count):
    """to_numpy of 'count' copies of the log, each with one byte changed
    (a fixed pseudo-random choice) or cut short, must give what iterating
    the records gives: the same rows, or the same error."""
    import io
    import random
    if not have_numpy():
        return
    with open(path, "rb") as f:
        data = f.read()
    start = 16 + int.from_bytes(data[12:16], "little")
    rng = random.Random(14)
    batch = binlog._V2_BATCH
    for i in range(count):
        at = rng.randrange(start, len(data))
        if i % 4 == 3:
            bad = data[:at]
        else:
            bad = data[:at] + bytes([rng.choice(
                (rng.randrange(256), data[at] ^ 0x80, data[at] ^ 1,
                 0x7F, 0x80, 0xFF))]) + data[at + 1:]
        want = outcome(lambda: numpy_rows(list(binlog.open_log(
            io.BytesIO(bad)))))
        for c in (binlog.CHUNK, 37):
            # version 2: batches of 257 bytes with the 37-byte chunks
            binlog._V2_BATCH = 257 if c == 37 else batch
            got = outcome(lambda: binlog.to_numpy(io.BytesIO(bad), chunk=c))
            if not isinstance(got, tuple):
                got = got.tolist()
            binlog._V2_BATCH = batch
            check(got == want, "byte %d of %s changed (%d bytes at a "
                  "time): to_numpy gives %.200r, the records %.200r"
                  % (at, path, c, got, want))


# Chunk sizes that cut records everywhere: a byte, about a record, just
# under, at and over the longest record (112 bytes), and odd larger ones.
CHUNKS = (1, 2, 19, 111, 112, 113, 4099)


def error_of(read):
    """The BinLogError message read() raises, or None."""
    try:
        read()
    except binlog.BinLogError as e:
        return str(e)
    return None


def raises(data, what, must_say, chunks=()):
    """Reading 'data' must raise BinLogError whose message has must_say,
    the same message when the file is read 'chunks' bytes at a time."""
    import io
    msg = error_of(lambda: list(binlog.open_log(io.BytesIO(data))))
    if msg is None:
        check(False, "%s: read without an error" % what)
        return
    check(must_say in msg, "%s: message %r lacks %r" % (what, msg, must_say))
    for c in chunks:
        m = error_of(lambda: list(binlog.open_log(io.BytesIO(data), c)))
        check(m == msg, "%s, read %d bytes at a time: %r, not %r"
              % (what, c, m, msg))


def chunked(bn):
    """Read a few bytes at a time (records cut anywhere), the log gives
    the same records and array as read whole."""
    whole = binlog.records(bn)[1]
    # three of CHUNKS (all of them read the truncated small log: they are
    # slow on long logs)
    for c in (19, 113, 4099):
        with binlog.open_log(bn, chunk=c) as log:
            got = list(log)
        check(got == whole, "%s, read %d bytes at a time: %d records, "
              "%d whole%s" % (bn, c, len(got), len(whole),
                              "" if len(got) != len(whole) else ", not equal"))
    if not have_numpy():
        return
    import numpy as np
    a = binlog.to_numpy(bn, chunk=113)
    check(a.dtype == np.dtype(binlog._NUMPY_DTYPE) and
          a.tolist() == numpy_rows(whole),
          "%s: to_numpy read 113 bytes at a time differs" % bn)
    # version 2: decoded in batches of about 1000 bytes (records cut at
    # every batch end, what the reader knows carried over)
    batch = binlog._V2_BATCH
    binlog._V2_BATCH = 1000
    try:
        a = binlog.to_numpy(bn)
    finally:
        binlog._V2_BATCH = batch
    check(a.tolist() == numpy_rows(whole),
          "%s: to_numpy in batches of 1000 bytes differs" % bn)


def numpy_raises(data, what, must_say, chunk=binlog.CHUNK):
    """to_numpy of 'data' (when numpy can be imported) must raise
    BinLogError whose message has must_say."""
    import io
    if not have_numpy():
        return
    msg = error_of(lambda: binlog.to_numpy(io.BytesIO(data), chunk))
    check(msg is not None and must_say in msg, "%s: %r lacks %r"
          % (what, msg, must_say))


def broken_v2(path):
    """The version 2 reader's refusals, on a small log written now."""
    with open(path, "rb") as f:
        data = f.read()
    start = 16 + int.from_bytes(data[12:16], "little")
    check(data[start] & 0x80 == 0 and (len(data) - start) % 16 == 0,
          "%s: not short records only" % path)
    for cut in range(start, len(data)):
        raises(data[:cut], "v2 truncated at byte %d of %d" % (cut, len(data)),
               ":", CHUNKS)
    raises(data[:8] + (3).to_bytes(4, "little") + data[12:],
           "version 3", "version 3 (this reader reads versions 1 to 2)")
    raises(b"DLSIMBIX" + data[8:], "bad magic", "magic")
    raises(data[:start - 1], "truncated header", "truncated binary log header")
    first = data[start]
    end = data[-16:]
    cases = (
        (data[:start] + bytes([0x40 | 31]) + data[start + 1:],
         "unknown kind, short", "unknown event kind 31"),
        (data[:start] + bytes([first, 1]) + data[start + 2:],
         "cpu without its flag", "bad short record"),
        (data[:start + 2] + b"\x05" + data[start + 3:],
         "task index past the header's", "short record of task index 5"),
        (data[:start] + b"\x80\x40" + data[start + 2:], "unknown flag",
         "bad record flags 0x40"),
        (data[:start] + b"\xe3" + data[start + 1:], "unknown kind, long",
         "unknown event kind 99"),
        (data + data[start:start + 16], "a record after end", "after"),
        (data + end, "a second end", "after"),
    )
    for bad, what, say in cases:
        raises(bad, what, say, (1, 17, 4099))
        for c in (binlog.CHUNK, 5):
            numpy_raises(bad, "to_numpy, " + what, say, c)
    numpy_raises(data[:len(data) - 3], "to_numpy, truncated",
                 "truncated or malformed record")
    numpy_raises(data[:-16], "to_numpy, no end", "no \"end\" record")


def broken_v1(path):
    """The version 1 reader's refusals, on a log kept from before."""
    with open(path, "rb") as f:
        data = f.read()
    hlen = int.from_bytes(data[12:16], "little")
    start = 16 + hlen                   # the first record
    for cut in range(start, len(data)):
        raises(data[:cut], "truncated at byte %d of %d" % (cut, len(data)),
               ":", CHUNKS)
    numpy_raises(data[:len(data) - 3], "to_numpy, truncated",
                 "truncated or malformed record")
    numpy_raises(data[:len(data) - 2] + b"\x80\x80", "to_numpy, malformed",
                 "truncated or malformed record")
    raises(data[:8] + (3).to_bytes(4, "little") + data[12:],
           "version 3", "version 3")
    raises(b"DLSIMBIX" + data[8:], "bad magic", "magic")
    raises(data[:10], "truncated header block", "magic")
    raises(data[:start - 1], "truncated header", "truncated binary log header")
    raises(data[:start + 1] + b"\x40" + data[start + 2:], "unknown flag",
           "bad record flags 0x40")
    raises(data[:start] + b"\x63" + data[start + 1:], "unknown kind",
           "unknown event kind 99")
    raises(data + data[start:start + 40], "a record after end", "after")
    # to_numpy's vectorised decoder must refuse what the reader refuses
    for c in (binlog.CHUNK, 5):
        numpy_raises(data + data[start:start + 40], "to_numpy, a record "
                     "after end", "after", c)
        numpy_raises(data + bytes([binlog.END, 0, 0, 0]), "to_numpy, a "
                     "second end", "after", c)
        numpy_raises(data[:start + 1] + b"\x40" + data[start + 2:],
                     "to_numpy, unknown flag", "bad record flags 0x40", c)
        numpy_raises(data[:start] + b"\x63" + data[start + 1:],
                     "to_numpy, unknown kind", "unknown event kind 99", c)
        numpy_raises(data[:-1], "to_numpy, no end", "truncated", c)


def main():
    if len(sys.argv) != 2:
        print("usage: test_binlog.py PATH/TO/dlsim", file=sys.stderr)
        return 2
    dlsim = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="dlsim-binlog-") as tmp:
        examples = sorted(glob.glob(os.path.join(ROOT, "scenarios",
                                                 "examples", "*.yaml")))
        small = mid = None
        for y in examples:
            bn = compare(dlsim, tmp, os.path.basename(y)[:-5])
            size = os.path.getsize(bn)
            if small is None or size < os.path.getsize(small):
                small = bn
            if size <= SMALL and (mid is None or size > os.path.getsize(mid)):
                mid = bn
        for name, until in LONG:
            chunked(compare(dlsim, tmp, name, until))
        broken_v2(small)
        mutants(small, 300)
        mutants(mid, 100)
        # version 1 logs, kept from before version 2: the same records
        # as the JSONL logs of the same runs
        v1 = sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "v1",
                                           "*.log.bin")))
        check(len(v1) == len(examples), "%d version 1 logs for %d examples"
              % (len(v1), len(examples)))
        for bn in v1:
            compare_v1(bn)
        v1_small = min(v1, key=os.path.getsize)
        broken_v1(v1_small)
        mutants(v1_small, 100)
        mutants(max((b for b in v1 if os.path.getsize(b) <= SMALL),
                    key=os.path.getsize), 100)
    print("binlog.py: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
