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
within the header).  Pure Python reads about 250,000 records a second;
``dlsim render out.bin --log out.jsonl`` converts much faster.
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

    Iterating reads the file once, from the first record."""

    def __init__(self, f, name="<binlog>", close=False):
        self.name = name
        self._f = f
        self._close = close
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

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self._close:
            self._f.close()

    def __iter__(self):
        data = self._f.read()
        n = len(data)
        pos = 0
        line = 1
        last_t = 0
        names = self.names
        ntasks = len(names)
        ended = False
        try:
            while pos < n:
                line += 1
                if ended:
                    raise BinLogError("%s:%d: a record after \"end\""
                                      % (self.name, line))
                kind, flags = data[pos], data[pos + 1]
                pos += 2
                if kind >= len(EVENTS):
                    raise BinLogError("%s:%d: unknown event kind %d"
                                      % (self.name, line, kind))
                if flags & ~_KNOWN or \
                   (flags & F_INFO and not flags & F_TASK) or \
                   (flags & (F_START | F_FINISH | F_LAST_CPU) and
                        not flags & F_INFO):
                    raise BinLogError("%s:%d: bad record flags 0x%02x"
                                      % (self.name, line, flags))
                # the varints, in the order of docs/formats.md
                z, pos = _uvar(data, pos)
                t = last_t = _signed(last_t + ((z >> 1) ^ -(z & 1)))
                cpu = None
                if flags & F_CPU:
                    cpu, pos = _uvar(data, pos)
                if flags & F_TASK:
                    ti, pos = _uvar(data, pos)
                    job, pos = _uvar(data, pos)
                    task = names[ti] if ti < ntasks else ""
                elif kind != END:
                    raise BinLogError("%s:%d: a %s record without its task"
                                      % (self.name, line, EVENTS[kind]))
                else:
                    ti = job = task = None
                z, pos = _uvar(data, pos)
                value = _signed((z >> 1) ^ -(z & 1))
                seq = release = deadline = start = finish = last_cpu = None
                if flags & F_INFO:
                    seq, pos = _uvar(data, pos)
                    z, pos = _uvar(data, pos)
                    release = _signed(t + ((z >> 1) ^ -(z & 1)))
                    z, pos = _uvar(data, pos)
                    deadline = _signed(release + ((z >> 1) ^ -(z & 1)))
                    if flags & F_START:
                        z, pos = _uvar(data, pos)
                        start = _signed(release + ((z >> 1) ^ -(z & 1)))
                    if flags & F_FINISH:
                        z, pos = _uvar(data, pos)
                        finish = _signed(release + ((z >> 1) ^ -(z & 1)))
                    if flags & F_LAST_CPU:
                        last_cpu, pos = _uvar(data, pos)
                ended = kind == END
                yield Record(t, EVENTS[kind], cpu, task, ti, job, value, seq,
                             release, deadline, start, finish, last_cpu)
        except IndexError:
            raise BinLogError("%s:%d: truncated or malformed record"
                              % (self.name, line)) from None
        if not ended:
            raise BinLogError("%s:%d: no \"end\" record" % (self.name, line))


def _uvar(data, pos):
    """The unsigned LEB128 varint at data[pos] and the position after it
    (IndexError past the end)."""
    c = data[pos]
    if c < 0x80:
        return c, pos + 1
    x = c & 0x7F
    shift = 7
    while True:
        c = data[pos + shift // 7]
        if shift == 63 and c > 1:
            raise IndexError("varint past 64 bits")
        x |= (c & 0x7F) << shift
        if c < 0x80:
            return x, pos + shift // 7 + 1
        shift += 7
        if shift > 63:
            raise IndexError("varint past 64 bits")


def open_log(source):
    """A BinLog from a path or a binary file object (left open)."""
    if hasattr(source, "read"):
        return BinLog(source, getattr(source, "name", "<binlog>"))
    f = open(source, "rb")
    try:
        return BinLog(f, str(source), close=True)
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


def to_numpy(source):
    """Every record as a numpy structured array: ``kind`` (uint8, the index
    in EVENTS), ``t``, ``cpu``, ``task_index``, ``job``, ``value``, ``seq``,
    ``release``, ``deadline``, ``start``, ``finish``, ``last_cpu`` (int64;
    absent values are NUMPY_NULL_INDEX or NUMPY_NULL_TIME).  Needs numpy
    (ImportError otherwise)."""
    import numpy as np
    dtype = np.dtype([("kind", "u1"), ("t", "i8"), ("cpu", "i8"),
                      ("task_index", "i8"), ("job", "i8"), ("value", "i8"),
                      ("seq", "i8"), ("release", "i8"), ("deadline", "i8"),
                      ("start", "i8"), ("finish", "i8"), ("last_cpu", "i8")])
    kind = {e: k for k, e in enumerate(EVENTS)}

    def idx(v):
        return NUMPY_NULL_INDEX if v is None else v

    def tm(v):
        return NUMPY_NULL_TIME if v is None else v

    with open_log(source) as log:
        rows = [(kind[r.event], r.t, idx(r.cpu), idx(r.task_index),
                 idx(r.job), r.value, idx(r.seq), tm(r.release),
                 tm(r.deadline), tm(r.start), tm(r.finish), idx(r.last_cpu))
                for r in log]
    return np.array(rows, dtype=dtype)
