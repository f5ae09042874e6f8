"""The per-job CSV of ``dlsim run --jobs`` (docs/formats.md) as Python data.

Columns: task, job, release, deadline, start, finish, response, tardiness,
cpu.  As a list of dicts an empty cell (a job that never ran, did not
finish, was aborted) is None; as a numpy structured array it is -1 (every
time, index and CPU is otherwise >= 0), the task name a str column.
"""
import csv
import io

COLUMNS = ("task", "job", "release", "deadline", "start", "finish",
           "response", "tardiness", "cpu")


def _numpy(want):
    """numpy if want is True, or None and numpy is importable; else None."""
    if want is False:
        return None
    try:
        import numpy
    except ImportError:
        if want:
            raise
        return None
    return numpy


def parse(text, as_array=None):
    """The rows of a jobs CSV text (str): a numpy structured array when
    as_array is True, or None and numpy is importable; else a list of
    dicts."""
    rows = csv.reader(io.StringIO(text))
    header = next(rows, None)
    if tuple(header or ()) != COLUMNS:
        raise ValueError("not a dlsim jobs CSV (header %r)" % (header,))
    np = _numpy(as_array)
    if np is None:
        out = []
        for r in rows:
            d = {"task": r[0]}
            for k, v in zip(COLUMNS[1:], r[1:]):
                d[k] = int(v) if v != "" else None
            out.append(d)
        return out
    table = [(r[0],) + tuple(int(v) if v != "" else -1 for v in r[1:])
             for r in rows]
    width = max([len(r[0]) for r in table] + [1])
    dtype = [("task", "U%d" % width)] + [(c, "i8") for c in COLUMNS[1:]]
    return np.array(table, dtype=dtype)


def read(path, as_array=None):
    """The rows of a jobs CSV file (as parse())."""
    with open(path, newline="", encoding="utf-8") as f:
        return parse(f.read(), as_array)
