"""Read dlsim's binary event log (``dlsim run S.yaml --log out.bin``).

Standard library only (numpy is used when it can be imported, for
:func:`to_numpy`).  The format is docs/formats.md "Binary": the magic
``DLSIMBIN``, a version (1), the JSONL header line, then one record per
event, each a kind byte, a flags byte and LEB128 varints.  The records are
the JSONL log's, field for field::

    from dlsim import binlog

    log = binlog.open_log("out.bin")    # checks magic, version, header
    log.header["tasks"][0]["name"]      # the JSONL header, as a dict
    for r in log:                       # binlog.Record named tuples
        if r.event == "deadline_miss":
            print(r.t, r.task, r.job, r.value)
    rows = [binlog.as_dict(r) for r in binlog.open_log("out.bin")]
    a = binlog.to_numpy("out.bin")      # one structured array (numpy)

A record that is not about a job has ``None`` for ``seq``, ``release``,
``deadline``, ``start``, ``finish`` and ``last_cpu``; ``as_dict`` leaves
those keys out, as the JSONL log does, so ``as_dict(r)`` equals
``json.loads`` of the matching JSONL line.  Errors raise
:class:`BinLogError` naming the record as ``dlsim render`` does (the
N-th record is line N + 1, the header being line 1).  It checks the
format (magic, version, kinds, flags, truncation, a final "end"), not what
``dlsim render`` checks beyond it (time order, release order, indices
within the header).  Pure Python reads about 350,000 records a second,
:func:`to_numpy` about 1.3 million (numpy over a chunk's varints);
``dlsim render out.bin --log out.jsonl`` converts much faster.

Memory stays flat in the log's length: the file is read ``chunk`` bytes
at a time (CHUNK, 1 MiB), and :func:`to_numpy` needs about its array
(89 bytes a record).
"""

import collections
import json
import struct

MAGIC = b"DLSIMBIN"
VERSION = 1

# Event names by kind byte (sim/trace.h enum sim_rec_kind).
EVENTS = (
    "release", "start", "preempt", "complete", "deadline_miss", "abort",
    "unfinished", "migrate", "end", "budget_exhausted", "replenish",
    "throttle", "unthrottle", "server_deadline", "server_wakeup",
    "server_deadline_miss", "server_inactive", "admit", "reject", "leave",
    "suspend", "resume", "setattr", "lock", "unlock", "block", "inherit",
)
END = EVENTS.index("end")

# Flags byte: which optional fields follow.
F_CPU, F_TASK, F_INFO, F_START, F_FINISH, F_LAST_CPU = 1, 2, 4, 8, 16, 32
_KNOWN = F_CPU | F_TASK | F_INFO | F_START | F_FINISH | F_LAST_CPU

FIELDS = ("t", "event", "cpu", "task", "task_index", "job", "value", "seq",
          "release", "deadline", "start", "finish", "last_cpu")
Record = collections.namedtuple("Record", FIELDS)
_JOB_FIELDS = FIELDS.index("seq")       # as_dict: these and after are
                                        # left out of records without a job

_M64 = (1 << 64) - 1
_LO, _HI = -(1 << 63), 1 << 63           # the int64 range

# Bytes read from the file at a time (BinLog, open_log, to_numpy).
CHUNK = 1 << 20
# The longest record: kind and flags bytes, then 11 varints of at most 10
# bytes (docs/formats.md).
_REC_MAX = 2 + 11 * 10


class BinLogError(ValueError):
    """A file that is not a well-formed binary log."""


def _signed(x):
    """x modulo 2^64 as a signed 64-bit integer."""
    if -(1 << 63) <= x < (1 << 63):
        return x
    x &= _M64
    return x - (1 << 64) if x >> 63 else x


class BinLog:
    """An open binary log: ``header`` (dict), iterate for the records.

    Iterating reads the file once, from the first record, ``chunk`` bytes
    at a time: memory stays flat however long the log."""

    def __init__(self, f, name="<binlog>", close=False, chunk=CHUNK):
        self.name = name
        self._f = f
        self._close = close
        self._chunk = max(1, int(chunk))
        hd = f.read(16)
        if len(hd) < 16 or hd[:8] != MAGIC:
            raise BinLogError("%s: not a dlsim binary log (no magic %r)"
                              % (name, MAGIC.decode()))
        version, length = struct.unpack("<II", hd[8:])
        if version != VERSION:
            raise BinLogError("%s: binary log version %d (this reader reads "
                              "version %d)" % (name, version, VERSION))
        text = f.read(length)
        if len(text) != length:
            raise BinLogError("%s: truncated binary log header" % name)
        try:
            self.header = json.loads(text.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            raise BinLogError("%s:1: bad header: %s" % (name, e)) from None
        if not isinstance(self.header, dict) or \
           not isinstance(self.header.get("tasks"), list):
            raise BinLogError("%s:1: the header has no task table" % name)
        self.names = [t.get("name", "") if isinstance(t, dict) else ""
                      for t in self.header["tasks"]]
        # where the records begin, to read them again (to_numpy); None if
        # the file cannot seek
        try:
            self._records_at = f.tell() if f.seekable() else None
        except (AttributeError, OSError, ValueError):
            self._records_at = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self._close:
            self._f.close()

    def __iter__(self):
        names = self.names
        ntasks = len(names)
        for (kind, t, cpu, ti, job, value, seq, release, deadline, start,
             finish, last_cpu) in self._rows(None, None):
            task = None if ti is None else names[ti] if ti < ntasks else ""
            yield Record(t, EVENTS[kind], cpu, task, ti, job, value, seq,
                         release, deadline, start, finish, last_cpu)

    def _rows(self, no_index, no_time):
        """Every record as a tuple (kind byte, t, cpu, task_index, job,
        value, seq, release, deadline, start, finish, last_cpu), absent
        values no_index (cpu, task_index, job, seq, last_cpu) or no_time
        (release, deadline, start, finish)."""
        f, chunk, name = self._f, self._chunk, self.name
        uvars, nvars, signed, lo, hi = _uvars, _NVARS, _signed, _LO, _HI
        data = b""
        n = pos = 0
        eof = False
        line = 1
        last_t = 0
        ended = False
        try:
            while True:
                if n - pos < _REC_MAX and not eof:
                    # keep at least one whole record ahead, so that
                    # IndexError means the end of the file
                    more = f.read(chunk)
                    eof = not more
                    data = data[pos:] + more
                    n, pos = len(data), 0
                    continue
                if pos >= n:
                    break
                line += 1
                if ended:
                    raise BinLogError("%s:%d: a record after \"end\""
                                      % (name, line))
                kind, flags = data[pos], data[pos + 1]
                pos += 2
                if kind >= len(EVENTS):
                    raise BinLogError("%s:%d: unknown event kind %d"
                                      % (name, line, kind))
                if flags & ~_KNOWN or \
                   (flags & F_INFO and not flags & F_TASK) or \
                   (flags & (F_START | F_FINISH | F_LAST_CPU) and
                        not flags & F_INFO):
                    raise BinLogError("%s:%d: bad record flags 0x%02x"
                                      % (name, line, flags))
                # the varints, in the order of docs/formats.md: time,
                # [cpu], [task, job], value, [seq, release, deadline,
                # [start], [finish], [last_cpu]]; signed ones zigzag
                v, pos = uvars(data, pos, nvars[flags])
                z = v[0]
                t = last_t + ((z >> 1) ^ -(z & 1))
                if not lo <= t < hi:
                    t = signed(t)
                last_t = t
                cpu = ti = job = seq = last_cpu = no_index
                release = deadline = start = finish = no_time
                i = 1
                if flags & F_CPU:
                    cpu = v[1]
                    i = 2
                if flags & F_TASK:
                    ti, job = v[i], v[i + 1]
                    i += 2
                elif kind != END:
                    raise BinLogError("%s:%d: a %s record without its task"
                                      % (name, line, EVENTS[kind]))
                z = v[i]
                value = (z >> 1) ^ -(z & 1)
                if flags & F_INFO:
                    seq = v[i + 1]
                    z = v[i + 2]
                    release = t + ((z >> 1) ^ -(z & 1))
                    if not lo <= release < hi:
                        release = signed(release)
                    z = v[i + 3]
                    deadline = signed(release + ((z >> 1) ^ -(z & 1)))
                    i += 4
                    if flags & F_START:
                        z = v[i]
                        start = signed(release + ((z >> 1) ^ -(z & 1)))
                        i += 1
                    if flags & F_FINISH:
                        z = v[i]
                        finish = signed(release + ((z >> 1) ^ -(z & 1)))
                        i += 1
                    if flags & F_LAST_CPU:
                        last_cpu = v[i]
                ended = kind == END
                yield (kind, t, cpu, ti, job, value, seq, release, deadline,
                       start, finish, last_cpu)
        except IndexError:
            raise BinLogError("%s:%d: truncated or malformed record"
                              % (name, line)) from None
        if not ended:
            raise BinLogError("%s:%d: no \"end\" record" % (name, line))


def _uvars(data, pos, count):
    """The count unsigned LEB128 varints from data[pos] (a list) and the
    position after them (IndexError past the end or for a varint past 64
    bits)."""
    out = []
    for _ in range(count):
        c = data[pos]
        pos += 1
        if c < 0x80:
            out.append(c)
            continue
        x = c & 0x7F
        shift = 7
        while True:
            c = data[pos]
            pos += 1
            if shift == 63 and c > 1:
                raise IndexError("varint past 64 bits")
            x |= (c & 0x7F) << shift
            if c < 0x80:
                break
            shift += 7
            if shift > 63:
                raise IndexError("varint past 64 bits")
        out.append(x)
    return out, pos


# How many varints a record with these flags has (_KNOWN flags only).
_NVARS = tuple(2 + bool(fl & F_CPU) + 2 * bool(fl & F_TASK) +
               (3 + bool(fl & F_START) + bool(fl & F_FINISH) +
                bool(fl & F_LAST_CPU) if fl & F_INFO else 0)
               for fl in range(_KNOWN + 1))


def open_log(source, chunk=CHUNK):
    """A BinLog from a path or a binary file object (left open), read
    ``chunk`` bytes at a time."""
    if hasattr(source, "read"):
        return BinLog(source, getattr(source, "name", "<binlog>"),
                      chunk=chunk)
    f = open(source, "rb")
    try:
        return BinLog(f, str(source), close=True, chunk=chunk)
    except BaseException:
        f.close()
        raise


def records(source):
    """The header (dict) and a list of every Record."""
    with open_log(source) as log:
        return log.header, list(log)


def as_dict(r):
    """The record as the JSONL log has it (json.loads of its line)."""
    d = r._asdict()
    if r.seq is None:
        for k in FIELDS[_JOB_FIELDS:]:
            del d[k]
    return dict(d)


# to_numpy: one row per record; None becomes these sentinels.
NUMPY_NULL_INDEX = -1                   # cpu, task_index, job, seq, last_cpu
NUMPY_NULL_TIME = -(1 << 63)            # release, deadline, start, finish
_NUMPY_BATCH = 1 << 13                  # records converted at a time
                                        # (record by record)


_NUMPY_DTYPE = [("kind", "u1"), ("t", "i8"), ("cpu", "i8"),
                ("task_index", "i8"), ("job", "i8"), ("value", "i8"),
                ("seq", "i8"), ("release", "i8"), ("deadline", "i8"),
                ("start", "i8"), ("finish", "i8"), ("last_cpu", "i8")]


class _Growing:
    """A structured array filled at its end, growing by a quarter when
    full (in place: nothing else refers to it)."""

    def __init__(self, np, dtype):
        self.np = np
        self.a = np.zeros(0, dtype=dtype)
        self.n = 0

    def reserve(self, cap):
        """Before the first row: room for about cap rows, untouched (the
        pages are only taken as rows are written)."""
        if self.n == 0 and cap > len(self.a):
            self.a = self.np.empty(cap, dtype=self.a.dtype)

    def room(self, k):
        """Make room for k more rows; the slice to fill."""
        if self.n + k > len(self.a):
            self.a.resize(max(self.n + k, len(self.a) + len(self.a) // 4),
                          refcheck=False)
        self.n += k
        return self.a[self.n - k:self.n]

    def done(self):
        self.a.resize(self.n, refcheck=False)
        return self.a


def to_numpy(source, chunk=CHUNK):
    """Every record as a numpy structured array: ``kind`` (uint8, the index
    in EVENTS), ``t``, ``cpu``, ``task_index``, ``job``, ``value``, ``seq``,
    ``release``, ``deadline``, ``start``, ``finish``, ``last_cpu`` (int64;
    absent values are NUMPY_NULL_INDEX or NUMPY_NULL_TIME).  Needs numpy
    (ImportError otherwise).

    The file is decoded ``chunk`` bytes at a time by numpy operations over
    all the varints of a chunk (about 4 times faster than iterating); a
    file that breaks a rule of the format, or a file object that cannot
    seek, is read record by record, which raises BinLogError naming the
    record.  The array is allocated once, sized from the first chunk, and
    grows by a quarter if that was short: memory is about the array's own
    (89 bytes a record), however long the log."""
    import itertools
    import numpy as np
    dtype = np.dtype(_NUMPY_DTYPE)
    with open_log(source, chunk) as log:
        if log._records_at is not None:
            out = _numpy_fast(log, np, dtype)
            if out is not None:
                return out
            log._f.seek(log._records_at)
        out = _Growing(np, dtype)
        rows = log._rows(NUMPY_NULL_INDEX, NUMPY_NULL_TIME)
        while True:
            batch = list(itertools.islice(rows, _NUMPY_BATCH))
            if not batch:
                break
            out.room(len(batch))[:] = np.array(batch, dtype=dtype)
        return out.done()


def _numpy_fast(log, np, dtype):
    """to_numpy's vectorised decoder over the records of log (positioned
    at its first record); None for a file that breaks a rule of the
    format, or whose indices do not fit int64 (the record-by-record
    reader then raises what is wrong)."""
    f, chunk = log._f, log._chunk
    size = f.seek(0, 2) - log._records_at      # the records' bytes
    f.seek(log._records_at)
    nvars = np.array([2 + n for n in _NVARS] + [2] * (256 - len(_NVARS)),
                     dtype=np.uint8)
    # the low n bytes of a 64-bit word, n = 0..8
    len_mask = np.array([(1 << (8 * n)) - 1 for n in range(9)],
                        dtype=np.uint64)

    def zz(z):
        """Zigzag-decoded, as int64."""
        return ((z >> np.uint64(1)) ^
                (np.uint64(0) - (z & np.uint64(1)))).view(np.int64)

    out = _Growing(np, dtype)
    left = b""
    last_t = np.int64(0)
    ended = eof = False
    while not eof:
        more = f.read(chunk)
        eof = not more
        buf = left + more
        if not buf:
            break
        b = np.frombuffer(buf, dtype=np.uint8)
        ends = np.flatnonzero(b < 0x80)
        nv = len(ends)
        if nv < 2:
            left = buf
            continue
        # every complete varint of the chunk, from the 8 bytes at its
        # first: the bytes past its length masked off, then the 7-bit
        # groups packed (pairs, quads, then the two halves)
        first = np.empty(nv, dtype=np.intp)
        first[0] = 0
        first[1:] = ends[:-1] + 1
        lens = ends - first + 1
        x = np.ndarray((ends[-1] + 1,), dtype="<u8", buffer=buf + bytes(8),
                       strides=(1,))[first]
        x &= len_mask[np.minimum(lens, 8)]
        x = (x & np.uint64(0x007F007F007F007F)) | \
            ((x & np.uint64(0x7F007F007F007F00)) >> np.uint64(1))
        x = (x & np.uint64(0x00003FFF00003FFF)) | \
            ((x & np.uint64(0x3FFF00003FFF0000)) >> np.uint64(2))
        v = (x & np.uint64(0x000000000FFFFFFF)) | \
            ((x & np.uint64(0x0FFFFFFF00000000)) >> np.uint64(4))
        long_ = np.flatnonzero(lens > 8)
        if len(long_):
            if lens[long_].max() > 10:
                return None             # past 64 bits
            for k in (8, 9):            # values of 2^56 and more: rare
                sel = long_[lens[long_] > k]
                g = b[first[sel] + k].astype(np.uint64)
                if k == 9 and (g > 1).any():
                    return None         # past 64 bits
                v[sel] |= (g & np.uint64(0x7F)) << np.uint64(7 * k)
        # where the records start: one step at a time (a record's flags,
        # its second varint, tell how many varints it has)
        steps = nvars[np.minimum(v[1:], 255).astype(np.intp)].tobytes()
        starts = []
        add = starts.append
        at, lim = 0, nv - 1
        while at < lim:
            nxt = at + steps[at]
            if nxt > nv:
                break
            add(at)
            at = nxt
        left = buf[first[at]:] if at < nv else buf[ends[-1] + 1:]
        if not starts:
            continue
        if ended:
            return None                 # a record after "end"
        if out.n == 0:
            # as many records as the first chunk's sizes say, and 2 % more:
            # one allocation, not a copy each time the array grows
            used = len(buf) - len(left)
            out.reserve(len(starts) + int(size / used * len(starts) * 1.02))
        S = np.array(starts, dtype=np.intp)
        kind, fl = v[S], v[S + 1]
        if (kind >= len(EVENTS)).any() or (fl & ~np.uint64(_KNOWN)).any():
            return None
        has = [(fl >> np.uint64(k)) & np.uint64(1) for k in range(6)]
        cpu_f, task_f, info_f, start_f, fin_f, lcpu_f = has
        if ((info_f == 1) & (task_f == 0)).any() or \
           (((start_f | fin_f | lcpu_f) == 1) & (info_f == 0)).any() or \
           ((task_f == 0) & (kind != END)).any():
            return None
        is_end = np.flatnonzero(kind == END)
        if len(is_end):
            if is_end[0] != len(S) - 1:
                return None
            ended = True
        top = np.intp(nv - 1)

        def at_(idx):
            return v[np.minimum(idx, top)]

        o = S + 2
        cpu_i = o + 1
        task_i = cpu_i + cpu_f.astype(np.intp)
        val_i = task_i + 2 * task_f.astype(np.intp)
        start_i = val_i + 4
        fin_i = start_i + start_f.astype(np.intp)
        lcpu_i = fin_i + fin_f.astype(np.intp)
        index_cols = [(cpu_f, at_(cpu_i)), (task_f, at_(task_i)),
                      (task_f, at_(task_i + 1)), (info_f, at_(val_i + 1)),
                      (lcpu_f, at_(lcpu_i))]
        for hv, col in index_cols:
            if (col[hv == 1] >> np.uint64(63)).any():
                return None             # does not fit int64
        with np.errstate(over="ignore"):
            dt = zz(v[o])
            dt[0] += last_t             # times: deltas from the last one
            t = np.cumsum(dt)
            last_t = t[-1]
            rel = t + zz(at_(val_i + 2))
            rows = out.room(len(S))
            rows["kind"] = kind
            rows["t"] = t
            for name, (hv, col) in zip(("cpu", "task_index", "job", "seq",
                                        "last_cpu"), index_cols):
                rows[name] = np.where(hv == 1, col.view(np.int64),
                                      NUMPY_NULL_INDEX)
            rows["value"] = zz(v[val_i])
            null = np.int64(NUMPY_NULL_TIME)
            rows["release"] = np.where(info_f == 1, rel, null)
            rows["deadline"] = np.where(info_f == 1,
                                        rel + zz(at_(val_i + 3)), null)
            rows["start"] = np.where(start_f == 1,
                                     rel + zz(at_(start_i)), null)
            rows["finish"] = np.where(fin_f == 1, rel + zz(at_(fin_i)), null)
    if left or not ended:
        return None                     # truncated, or no "end"
    return out.done()
