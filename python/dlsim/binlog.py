"""Read dlsim's binary event log (``dlsim run S.yaml --log out.bin``).

Standard library only (numpy is used when it can be imported, for
:func:`to_numpy`).  The format is docs/formats.md "Binary": the magic
``DLSIMBIN``, a version (2, or 1 for logs written before it), the JSONL
header line, then one record per event: in version 2 mostly 16-byte
short records whose job info follows from the job's earlier records,
else a long record; in version 1 (and a long record's body) a kind byte,
a flags byte and LEB128 varints.  The records are the JSONL log's, field
for field::

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
within the header).  Pure Python reads about 600,000 records a second of
a version 2 log (250,000 of version 1), :func:`to_numpy` about 600,000
(1.3 million of version 1: numpy over a chunk's varints);
``dlsim render out.bin --log out.jsonl`` converts much faster.

Memory stays flat in the log's length: the file is read ``chunk`` bytes
at a time (CHUNK, 1 MiB), and :func:`to_numpy` needs about its array
(89 bytes a record).
"""

import collections
import json
import struct

MAGIC = b"DLSIMBIN"
VERSION = 2                             # the version dlsim writes
VERSIONS = (1, 2)                       # the versions this reader reads

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
        if version not in VERSIONS:
            raise BinLogError("%s: binary log version %d (this reader reads "
                              "versions 1 to %d)" % (name, version, VERSION))
        self.version = version
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
        data = b""
        n = pos = 0
        eof = False
        line = 1
        last_t = 0
        ended = False
        v2 = self.version >= 2
        st = _State(len(self.names))
        unpack16 = _SHORT.unpack_from
        parse_long = _parse_long
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
                kind = data[pos]
                if v2 and kind < 0x80:
                    if pos + 16 > n:
                        raise IndexError("a short record cut")
                    w0, value = unpack16(data, pos)
                    pos += 16
                    row = st.short(w0, value, last_t, name, line)
                    last_t = row[1]
                    ended = row[0] == END
                    if no_index is not None or no_time is not None:
                        row = tuple((no_index if i in _IDX else no_time)
                                    if x is None else x
                                    for i, x in enumerate(row))
                    yield row
                    continue
                row, pos = parse_long(data, pos, last_t, name, line)
                last_t = row[1]
                ended = row[0] == END
                if v2:
                    st.know(row)
                if no_index is not None or no_time is not None:
                    row = tuple((no_index if i in _IDX else no_time)
                                if x is None else x
                                for i, x in enumerate(row))
                yield row
        except IndexError:
            raise BinLogError("%s:%d: truncated or malformed record"
                              % (name, line)) from None
        if not ended:
            raise BinLogError("%s:%d: no \"end\" record" % (name, line))


def _parse_long(data, pos, last_t, name, line):
    """The record at data[pos] in the version 1 layout (a version 2 long
    record: its first byte 0x80 | kind), as a row (kind, t, cpu,
    task_index, job, value, seq, release, deadline, start, finish,
    last_cpu; None for absent values), and the position after it.
    IndexError past the end of data."""
    signed, lo, hi = _signed, _LO, _HI
    kind = data[pos] & 0x7F
    flags = data[pos + 1]
    pos += 2
    if kind >= len(EVENTS):
        raise BinLogError("%s:%d: unknown event kind %d" % (name, line, kind))
    if flags & ~_KNOWN or \
       (flags & F_INFO and not flags & F_TASK) or \
       (flags & (F_START | F_FINISH | F_LAST_CPU) and not flags & F_INFO):
        raise BinLogError("%s:%d: bad record flags 0x%02x"
                          % (name, line, flags))
    # the varints, in the order of docs/formats.md: time, [cpu], [task,
    # job], value, [seq, release, deadline, [start], [finish],
    # [last_cpu]]; signed ones zigzag
    v, pos = _uvars(data, pos, _NVARS[flags])
    z = v[0]
    t = last_t + ((z >> 1) ^ -(z & 1))
    if not lo <= t < hi:
        t = signed(t)
    cpu = ti = job = seq = last_cpu = release = deadline = start = \
        finish = None
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
    return (kind, t, cpu, ti, job, value, seq, release, deadline, start,
            finish, last_cpu), pos


# A version 2 short record: two little-endian words, w0 and the value.
_SHORT = struct.Struct("<Qq")
S_CPU, S_JOB, S_TASKS, S_JD, SLOTS = 0x20, 0x40, 8192, 8, 4
_U64 = (1 << 64) - 1
_RELEASE, _START, _COMPLETE = (EVENTS.index(e) for e in
                               ("release", "start", "complete"))
# the positions of cpu, task_index, job, seq and last_cpu in a row
_IDX = frozenset((2, 3, 4, 6, 11))


class _State:
    """What a reader of a version 2 log knows before each record
    (docs/formats.md "Binary"): each task's last released job, the info
    of its last SLOTS jobs (job j in slot j % SLOTS), the releases read."""

    def __init__(self, ntasks):
        self.nst = min(ntasks, S_TASKS)
        self.latest = [_U64] * self.nst
        # (job, seq, release, deadline, start, finish, last_cpu); None
        # for a time or CPU not known yet
        self.slots = [(_U64, 0, 0, 0, 0, 0, 0)] * (self.nst * SLOTS)
        self.nrel = 0

    def know(self, row):
        """Learn what a long record (its row, None for absent values)
        tells."""
        kind, ti, job = row[0], row[3], row[4]
        if kind == _RELEASE:
            self.nrel += 1
        if ti is None or ti >= self.nst:
            return
        if kind == _RELEASE:
            self.latest[ti] = job
        if row[6] is not None:
            self.slots[ti * SLOTS + job % SLOTS] = (job,) + row[6:]

    def short(self, w0, value, last_t, name, line):
        """The row of a short record (None for absent values), learnt."""
        kind = w0 & 0x1F
        if kind >= len(EVENTS):
            raise BinLogError("%s:%d: unknown event kind %d"
                              % (name, line, kind))
        cpu = (w0 >> 8) & 0xFF
        ti = (w0 >> 16) & (S_TASKS - 1)
        jd = (w0 >> 29) & (S_JD - 1)
        t = _signed(last_t + (w0 >> 32))
        has_cpu, has_job = w0 & S_CPU, w0 & S_JOB
        if (not has_cpu and cpu) or \
           (kind == END and w0 & (S_JOB | 0xFFFF0000)) or \
           (not has_job and (jd or kind == _RELEASE)) or \
           (kind == _RELEASE and jd):
            raise BinLogError("%s:%d: bad short record 0x%016x"
                              % (name, line, w0))
        cpu = cpu if has_cpu else None
        if kind == END:
            return (kind, t, cpu, None, None, value, None, None, None,
                    None, None, None)
        if ti >= self.nst:
            raise BinLogError("%s:%d: short record of task index %d (the "
                              "header has %d tasks)"
                              % (name, line, ti, self.nst))
        if not has_job:
            return (kind, t, cpu, ti, 0, value, None, None, None, None,
                    None, None)
        if kind == _RELEASE:
            job = (self.latest[ti] + 1) & _U64
            if job >> 63:
                raise BinLogError("%s:%d: short release of job index %d "
                                  "(past 2^63 - 1)" % (name, line, job))
            e = (job, self.nrel, t, value, None, None, None)
            self.latest[ti] = job
            self.nrel += 1
        else:
            job = (self.latest[ti] - jd) & _U64
            e = self.slots[ti * SLOTS + job % SLOTS]
            if e[0] != job or job >> 63:
                raise BinLogError("%s:%d: short record of a job no earlier "
                                  "record told (task index %d, %d jobs "
                                  "before its last release)"
                                  % (name, line, ti, jd))
            if kind == _START:
                e = e[:4] + (t if e[4] is None else e[4], e[5],
                             e[6] if cpu is None else cpu)
            elif kind == _COMPLETE:
                e = e[:5] + (t, e[6])
        self.slots[ti * SLOTS + job % SLOTS] = e
        return (kind, t, cpu, ti, job, value) + e[1:]


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
    """to_numpy's vectorised decoder of log's version; None for a file
    that breaks a rule of the format."""
    return (_numpy_v2 if log.version >= 2 else _numpy_v1)(log, np, dtype)


def _numpy_v1(log, np, dtype):
    """to_numpy's vectorised decoder over the records of a version 1 log
    (positioned at its first record); None for a file that breaks a rule of the
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


def _numpy_v2(log, np, dtype):
    """to_numpy's vectorised decoder of a version 2 log (positioned at its
    first record); None for a file that breaks a rule of the format (the
    record-by-record reader then raises what is wrong).

    The records are decoded a batch at a time (at least _V2_BATCH bytes
    of them), by numpy operations over the batch, with what the reader
    knows (_V2State) carried from batch to batch: memory is the array's
    and a batch's.  The job info the short records imply is computed per
    job, as the reader's rule says (docs/formats.md "Binary"): each
    record's job from its task's releases before it, then, over each
    job's records in file order, the fields its last release (or long
    record, or the batches before) set, the first start and the last CPU
    of the starts since, the last completion."""
    f, name = log._f, log.name
    size = f.seek(0, 2) - log._records_at
    f.seek(log._records_at)
    state = _V2State(np, min(len(log.names), S_TASKS))
    out = _Growing(np, dtype)
    data = b""
    eof = False
    while True:
        if not eof:
            more = f.read(max(log._chunk, _V2_BATCH))
            eof = not more
            data += more
            if len(data) < _V2_BATCH and not eof:
                continue
        if not data:
            break
        # the whole records of data
        recs, used = _v2_split(np, data, eof, name)
        if recs[0] is None or (recs[0] == 0 and eof):
            return None                 # malformed, or cut at the end
        if recs[0] == 0:
            continue
        if state.ended:
            return None                 # a record after "end"
        if out.n == 0:
            out.reserve(int(recs[0] * size / max(used, 1) * 1.02) + 1)
        state.data = data
        if _v2_batch(np, state, recs, out) is None:
            return None
        data = data[used:]
    if not state.ended:
        return None                     # no "end"
    return out.done()


# to_numpy decodes a version 2 log this many bytes at a time at least.
_V2_BATCH = 1 << 20


def _v2_split(np, data, eof, name):
    """The whole records at the start of data: (count, short record
    offsets, long records [(index, row with times relative to the record
    before)]), and the bytes they take; (None, 0) for a malformed record
    (a cut one only at the end of the file)."""
    n = len(data)
    b = np.frombuffer(data, dtype=np.uint8)
    m = n // 16
    if m and (b[:16 * m:16] < 0x80).all():
        return (m, np.arange(0, 16 * m, 16), []), 16 * m
    sp, longs, idx, pos = [], [], 0, 0
    while pos < n:
        if data[pos] < 0x80:
            if pos + 16 > n:
                break
            sp.append(pos)
            pos += 16
        else:
            try:
                row, nxt = _parse_long(data, pos, 0, name, idx + 2)
            except IndexError:
                if eof:
                    return (None, None, None), 0
                break
            except BinLogError:
                return (None, None, None), 0
            longs.append((idx, row))
            pos = nxt
        idx += 1
    return (idx, np.array(sp, dtype=np.intp), longs), pos


class _V2State:
    """What a reader of a version 2 log knows (_State), as numpy arrays,
    and the batch decoder of to_numpy."""

    def __init__(self, np, nst):
        self.nst = nst
        self.latest = np.full(nst, _U64, dtype=np.uint64)
        k = nst * SLOTS
        self.s_job = np.full(k, _U64, dtype=np.uint64)
        self.s_seq = np.zeros(k, dtype=np.int64)
        self.s_rel = np.zeros(k, dtype=np.int64)
        self.s_dl = np.zeros(k, dtype=np.int64)
        self.s_st = np.zeros(k, dtype=np.int64)
        self.s_sth = np.zeros(k, dtype=bool)
        self.s_fin = np.zeros(k, dtype=np.int64)
        self.s_finh = np.zeros(k, dtype=bool)
        self.s_cpu = np.full(k, -1, dtype=np.int64)
        self.nrel = 0
        self.last_t = np.int64(0)
        self.ended = False
        self.data = b""                 # the batch's bytes


def _v2_batch(np, S, recs, out):
    """Decode one batch of records ((count, short record offsets into
    S.data, long rows) from _v2_split) into out's next rows, knowing what
    S says and learning what they tell; None if the batch breaks a rule
    of the format."""
    nrec, spos, longs = recs
    data = S.data
    nst = S.nst
    u64 = np.uint64
    never = np.int64(NUMPY_NULL_TIME)
    is_short = np.ones(nrec, dtype=bool)
    if longs:
        is_short[[i for i, _ in longs]] = False
    rows = out.room(nrec)
    kind = np.zeros(nrec, dtype=np.int64)
    dt = np.zeros(nrec, dtype=np.int64)
    cpu = np.full(nrec, -1, dtype=np.int64)
    task = np.full(nrec, -1, dtype=np.int64)
    job = np.full(nrec, -1, dtype=np.int64)
    value = np.zeros(nrec, dtype=np.int64)
    seq = np.full(nrec, -1, dtype=np.int64)
    rel = np.full(nrec, never, dtype=np.int64)
    dl = np.full(nrec, never, dtype=np.int64)
    st = np.full(nrec, never, dtype=np.int64)
    fin = np.full(nrec, never, dtype=np.int64)
    lcpu = np.full(nrec, -1, dtype=np.int64)
    has_info = np.zeros(nrec, dtype=bool)       # long, with job info
    st_has = np.zeros(nrec, dtype=bool)         # start present (-2^63 is)
    fin_has = np.zeros(nrec, dtype=bool)
    sj = np.zeros(nrec, dtype=bool)             # short, with job info
    sjd = np.zeros(nrec, dtype=np.int64)
    if len(spos):
        words = np.ndarray((len(data) - 7,), dtype="<u8", buffer=data,
                           strides=(1,))
        w0 = words[spos]
        w1 = words[spos + 8].view(np.int64)
        k = (w0 & u64(0x1F)).astype(np.int64)
        c = (w0 >> u64(8)) & u64(0xFF)
        tk = ((w0 >> u64(16)) & u64(S_TASKS - 1)).astype(np.int64)
        jd = ((w0 >> u64(29)) & u64(S_JD - 1)).astype(np.int64)
        has_c = (w0 & u64(S_CPU)) != 0
        has_j = (w0 & u64(S_JOB)) != 0
        is_end, is_rel = k == END, k == _RELEASE
        if (k >= len(EVENTS)).any() or (~has_c & (c != 0)).any() or \
           (is_end & (has_j | (((w0 >> u64(16)) & u64(0xFFFF)) != 0))).any() \
           or (~has_j & ((jd != 0) | is_rel)).any() or \
           (is_rel & (jd != 0)).any() or (~is_end & (tk >= nst)).any():
            return None
        kind[is_short] = k
        dt[is_short] = (w0 >> u64(32)).astype(np.int64)
        cpu[is_short] = np.where(has_c, c.astype(np.int64), -1)
        task[is_short] = np.where(is_end, -1, tk)
        job[is_short] = np.where(is_end, -1, 0)
        value[is_short] = w1
        sj[is_short] = has_j
        sjd[is_short] = jd
    big = []
    for i, r in longs:
        kind[i], dt[i], value[i] = r[0], r[1], r[5]
        if r[2] is not None:
            big.append(r[2])
            cpu[i] = r[2] if r[2] >> 63 == 0 else -1
        if r[3] is not None:
            big += [r[3], r[4]]
            task[i] = r[3] if r[3] >> 63 == 0 else -1
            job[i] = r[4] if r[4] >> 63 == 0 else -1
        if r[6] is not None:
            big.append(r[6])
            has_info[i] = True
            seq[i] = r[6] if r[6] >> 63 == 0 else -1
            rel[i], dl[i] = r[7], r[8]
            if r[9] is not None:
                st[i], st_has[i] = r[9], True
            if r[10] is not None:
                fin[i], fin_has[i] = r[10], True
            if r[11] is not None:
                big.append(r[11])
                lcpu[i] = r[11] if r[11] >> 63 == 0 else -1
    if any(x >> 63 for x in big):
        return None                     # does not fit int64
    ends = np.flatnonzero(kind == END)
    if len(ends) > 1 or (len(ends) and ends[0] != nrec - 1):
        return None                     # records after "end"
    S.ended = len(ends) == 1
    with np.errstate(over="ignore"):
        t = np.cumsum(dt)
        t += S.last_t                   # modulo 2^64, as the reader
        before = t - dt                 # the time of the record before
        for a, has in ((rel, has_info), (dl, has_info), (st, st_has),
                       (fin, fin_has)):
            a[has] += before[has]
        lg = ~is_short
        is_rel = kind == _RELEASE
        nrel = np.cumsum(is_rel) - is_rel + S.nrel
        # each record's job: its task's last released job (the short
        # releases count on from the task's last long release, or from
        # what the batches before said), minus jd
        ti = np.flatnonzero((task >= 0) & (task < nst))
        o = ti[np.argsort(task[ti], kind="stable")]
        tk = task[o]
        first = np.ones(len(o), dtype=bool)
        first[1:] = tk[1:] != tk[:-1]
        rel_o = is_rel[o]
        setj = rel_o & lg[o]
        inc = (rel_o & is_short[o]).astype(np.int64)
        cnt = np.cumsum(inc)
        at = np.arange(len(o))
        anc = np.maximum.accumulate(np.where(setj | first, at, -1))
        base = np.where(setj[anc], job[o[anc]].astype(u64), S.latest[tk])
        latest = base + (cnt - (cnt - inc)[anc]).astype(u64)
        sh_j = sj[o]
        jobs = np.where(sh_j, latest - np.where(rel_o, 0, sjd[o]).astype(u64),
                        u64(0))
        if (sh_j & (jobs >> u64(63) != 0)).any():
            return None                 # past int64: the reader says so
        job[o[sh_j]] = jobs[sh_j].astype(np.int64)
        last = np.ones(len(o), dtype=bool)
        last[:-1] = tk[1:] != tk[:-1]
        S.latest[tk[last]] = latest[last]
        # the records with job info; a short one's job must be the last
        # its slot saw, in this batch or before (np.lexsort is stable:
        # file order within a key)
        inf = np.flatnonzero((sj | has_info) & (task >= 0) & (task < nst))
        ji, tj = job[inf], task[inf]
        slot = tj * SLOTS + ji % SLOTS
        o3 = np.argsort(slot, kind="stable")
        s3, j3 = slot[o3], ji[o3]
        o3 = inf[o3]
        g3 = np.ones(len(o3), dtype=bool)
        g3[1:] = s3[1:] != s3[:-1]
        need = (is_short & ~is_rel)[o3]
        same = np.zeros(len(o3), dtype=bool)
        same[1:] = j3[1:] == j3[:-1]
        same[g3] = S.s_job[s3[g3]] == j3[g3].astype(u64)
        if (need & ~same).any():
            return None
        o2 = np.lexsort((ji, tj))
        j2, t2_, sl2 = ji[o2], tj[o2], slot[o2]
        o2 = inf[o2]
        g2 = np.ones(len(o2), dtype=bool)
        g2[1:] = (t2_[1:] != t2_[:-1]) | (j2[1:] != j2[:-1])
        setter = (lg | is_rel)[o2]
        # anchors: the setters, and a job's first record in the batch
        # (then its slot, which the check above found holding it)
        anch = setter | g2
        ao = o2[anch]
        asl = sl2[anch]
        sr = is_short[ao] & is_rel[ao]  # short releases: fields by rule
        fromslot = ~setter[anch]
        b_seq = np.where(sr, nrel[ao], np.where(fromslot, S.s_seq[asl],
                                                 seq[ao]))
        b_rel = np.where(sr, t[ao], np.where(fromslot, S.s_rel[asl],
                                              rel[ao]))
        b_dl = np.where(sr, value[ao], np.where(fromslot, S.s_dl[asl],
                                                 dl[ao]))
        b_st = np.where(sr, never, np.where(fromslot, S.s_st[asl], st[ao]))
        b_sth = ~sr & np.where(fromslot, S.s_sth[asl], st_has[ao])
        b_fin = np.where(sr, never, np.where(fromslot, S.s_fin[asl],
                                              fin[ao]))
        b_finh = ~sr & np.where(fromslot, S.s_finh[asl], fin_has[ao])
        b_cpu = np.where(sr, -1, np.where(fromslot, S.s_cpu[asl], lcpu[ao]))
        at = np.arange(len(o2))
        a2 = np.maximum.accumulate(np.where(anch, at, -1))
        sk = np.cumsum(anch) - 1        # a2's index among the anchors
        k2 = kind[o2]
        short2 = is_short[o2]
        t2 = t[o2]
        starts = short2 & (k2 == _START)
        ls = np.maximum.accumulate(np.where(starts, at, -1))
        prev = np.empty_like(ls)
        prev[:1] = -1
        prev[1:] = ls[:-1]
        # a first start since the anchor (the anchor's own, if it is a
        # short start taking its info from the slot)
        fs = np.maximum.accumulate(np.where(starts & (prev < a2), at, -1))
        lc = np.maximum.accumulate(np.where(short2 & (k2 == _COMPLETE),
                                            at, -1))
        c2 = cpu[o2]
        lcs = np.maximum.accumulate(np.where(starts & (c2 >= 0), at, -1))
        # every info record's info (the long setters' own, unchanged)
        i_sth = b_sth[sk] | (fs >= a2)
        i_st = np.where(b_sth[sk], b_st[sk],
                        np.where(fs >= a2, t2[np.maximum(fs, 0)], never))
        i_finh = b_finh[sk] | (lc >= a2)
        i_fin = np.where(lc >= a2, t2[np.maximum(lc, 0)], b_fin[sk])
        i_cpu = np.where(lcs >= a2, c2[np.maximum(lcs, 0)], b_cpu[sk])
        w = o2[short2]
        seq[w] = b_seq[sk][short2]
        rel[w] = b_rel[sk][short2]
        dl[w] = b_dl[sk][short2]
        st[w] = i_st[short2]
        fin[w] = i_fin[short2]
        lcpu[w] = i_cpu[short2]
        # what the next batch's slots hold: each slot's last record
        lo = o3[np.r_[s3[1:] != s3[:-1], True]] if len(o3) else o3
        if len(lo):
            pos2 = np.empty(nrec, dtype=np.intp)
            pos2[o2] = at
            q = pos2[lo]
            sl = sl2[q]
            S.s_job[sl] = j2[q].astype(u64)
            S.s_seq[sl] = seq[lo]
            S.s_rel[sl] = rel[lo]
            S.s_dl[sl] = dl[lo]
            S.s_st[sl] = i_st[q]
            S.s_sth[sl] = i_sth[q]
            S.s_fin[sl] = i_fin[q]
            S.s_finh[sl] = i_finh[q]
            S.s_cpu[sl] = i_cpu[q]
        S.nrel += int(is_rel.sum())
        S.last_t = t[-1]
    rows["kind"] = kind
    rows["t"] = t
    rows["cpu"] = cpu
    rows["task_index"] = task
    rows["job"] = job
    rows["value"] = value
    rows["seq"] = seq
    rows["release"] = rel
    rows["deadline"] = dl
    rows["start"] = st
    rows["finish"] = fin
    rows["last_cpu"] = lcpu
    return rows
