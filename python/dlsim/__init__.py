"""dlsim: real-time scheduling simulation and schedulability analysis.

Python bindings of libdlsim (include/dlsim.h) through ctypes: no compiler,
no package beyond the standard library (numpy is used when present).

    >>> import dlsim
    >>> a = dlsim.analyze("scenarios/examples/dario.yaml")
    >>> a["simulation"]["first_miss"]
    {'task': 'P2', 'job': 0, 'release': 0, 'deadline': 5, 'finish': 8}

analyze() and run() return the dicts `dlsim analyze --json` and `dlsim run
--json` print (the library writes the JSON; docs/cli.md describes it);
options are the commands' long options as keyword arguments (until="20ms",
gantt_rows="cpu" for --gantt-rows); a failure raises dlsim.Error with the
library's message and status.  docs/python.md has a walk-through.
"""
import contextlib
import ctypes
import enum
import json
import os
import signal
import threading

from . import _jobs
from . import _lib

__all__ = ["Error", "Status", "Scenario", "load", "analyze", "run",
           "read_jobs", "version", "library_path"]


class Status(enum.IntEnum):
    """enum dlsim_status of include/dlsim.h."""
    OK = 0
    NOMEM = 1
    INVALID = 2
    IO = 3
    PARSE = 4
    OVERFLOW = 5
    UNSUPPORTED = 6
    USAGE = 7
    OPTION = 8
    INTERRUPTED = 9
    MISUSE = 10


class Error(Exception):
    """A call of the library failed: .status (a Status) and .message (what
    dlsim_errmsg says, possibly several lines)."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = Status(status)
        self.message = message


def version():
    """The version of the loaded library ("0.1.0")."""
    return _lib.load().dlsim_libversion().decode()


def library_path():
    """The path of the loaded libdlsim.so."""
    return _lib.path()


class _Session:
    """A library session (struct dlsim) for one call: its message channel,
    and, in the main thread, Ctrl-C turned into a stop of the simulation at
    its next step (then KeyboardInterrupt)."""

    def __init__(self):
        self.lib = _lib.load()
        self.db = ctypes.c_void_p()
        if self.lib.dlsim_open(ctypes.byref(self.db)) != Status.OK:
            raise MemoryError("dlsim_open: out of memory")
        self.interrupted = False
        self._sigint = None
        self._progress = _lib.PROGRESS_FN(self._on_progress)
        self.lib.dlsim_set_progress(self.db, self._progress, None)

    def _on_sigint(self, signum, frame):
        self.interrupted = True

    def _on_progress(self, ctx, p):
        return 1 if self.interrupted else 0

    def __enter__(self):
        # Python runs a signal handler between bytecodes, so ours runs in
        # the next progress callback: it only raises the flag that callback
        # answers with "stop".
        if (threading.current_thread() is threading.main_thread() and
                signal.getsignal(signal.SIGINT) is signal.default_int_handler):
            self._sigint = signal.signal(signal.SIGINT, self._on_sigint)
        return self

    def __exit__(self, *exc):
        if self._sigint is not None:
            signal.signal(signal.SIGINT, self._sigint)
        self.lib.dlsim_close(self.db)
        if self.interrupted:
            raise KeyboardInterrupt

    def check(self, status):
        """Raise an Error for a failed status."""
        if status != Status.OK:
            msg = self.lib.dlsim_errmsg(self.db).decode("utf-8", "replace")
            raise Error(status, msg)

    def opts(self, options):
        """struct dlsim_opts of keyword options (None: unset, bool: on/off,
        key_name: --key-name); the caller frees it."""
        o = ctypes.c_void_p()
        self.check(self.lib.dlsim_opts_create(self.db, ctypes.byref(o)))
        try:
            for key, value in options.items():
                if value is None:
                    continue
                if isinstance(value, bool):
                    value = "on" if value else "off"
                elif isinstance(value, os.PathLike):
                    value = os.fspath(value)
                self.check(self.lib.dlsim_opts_set(
                    self.db, o, key.replace("_", "-").encode(),
                    str(value).encode()))
        except BaseException:
            self.lib.dlsim_opts_free(o)
            raise
        return o

    def text(self, fn, *args):
        """The text a _text writer returns, as str."""
        p, n = ctypes.c_void_p(), ctypes.c_size_t()
        self.check(fn(self.db, *args, ctypes.byref(p), ctypes.byref(n)))
        try:
            return ctypes.string_at(p, n.value).decode("utf-8")
        finally:
            self.lib.dlsim_free(p)

    def take(self, path):
        """The memory file path (":memory:...") the last call wrote."""
        p, n = ctypes.c_void_p(), ctypes.c_size_t()
        self.check(self.lib.dlsim_memory_take(self.db, path.encode(),
                                              ctypes.byref(p),
                                              ctypes.byref(n)))
        try:
            return ctypes.string_at(p, n.value).decode("utf-8")
        finally:
            self.lib.dlsim_free(p)


class Scenario:
    """A scenario loaded and checked (as `dlsim validate` checks it), to
    analyse or run several times.  One thread at a time."""

    def __init__(self, source, name=None):
        self._lib = _lib.load()
        self._sc = ctypes.c_void_p()
        with _Session() as s:
            if isinstance(source, (bytes, bytearray)) or (
                    isinstance(source, str) and "\n" in source):
                data = source.encode() if isinstance(source, str) \
                    else bytes(source)
                s.check(self._lib.dlsim_scenario_load_string(
                    s.db, data, len(data),
                    name.encode() if name else None, ctypes.byref(self._sc)))
            elif isinstance(source, (str, os.PathLike)):
                s.check(self._lib.dlsim_scenario_load(
                    s.db, os.fsencode(source), ctypes.byref(self._sc)))
            else:
                raise TypeError("a scenario is a path, YAML text or bytes, "
                                "not %s" % type(source).__name__)

    def _str(self, fn):
        return fn(self._handle()).decode("utf-8", "replace")

    def _handle(self):
        if not self._sc:
            raise ValueError("the scenario is closed")
        return self._sc

    name = property(lambda self: self._str(self._lib.dlsim_scenario_name),
                    doc="the scenario's name")
    policy = property(lambda self: self._str(self._lib.dlsim_scenario_policy),
                      doc="the scheduling policy (edf, fp, cbs, ...)")
    cpus = property(lambda self: self._lib.dlsim_scenario_cpus(
        self._handle()), doc="the number of CPUs")
    time_unit = property(
        lambda self: self._str(self._lib.dlsim_scenario_time_unit),
        doc="the unit times are shown in (tick, ns, us, ms, s)")
    internal_unit = property(
        lambda self: self._str(self._lib.dlsim_scenario_internal_unit),
        doc="the unit of the integer times of JSON and jobs (tick or ns)")

    @property
    def tasks(self):
        """The task names, in the scenario's order."""
        sc = self._handle()
        return [self._lib.dlsim_scenario_task_name(sc, i).decode()
                for i in range(self._lib.dlsim_scenario_ntasks(sc))]

    def close(self):
        """Free the scenario now (also when it is garbage-collected)."""
        if self._sc:
            self._lib.dlsim_scenario_free(self._sc)
            self._sc = ctypes.c_void_p()

    def __del__(self):
        if getattr(self, "_sc", None):
            self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        if not self._sc:
            return "<dlsim.Scenario (closed)>"
        return "<dlsim.Scenario %r: %d tasks, %s on %d CPU%s>" % (
            self.name, len(self.tasks), self.policy, self.cpus,
            "" if self.cpus == 1 else "s")


def load(source, name=None):
    """A Scenario from a path (str or os.PathLike), YAML text (a str
    holding a newline, or bytes); name stands for the file in messages
    about text (default "<data>")."""
    return Scenario(source, name)


def _no_memory_files(options):
    """The library keeps an output named ":memory:..." in the session, which
    the bindings close: refuse it rather than lose it."""
    for key, value in options.items():
        if isinstance(value, str) and value.startswith(":memory:"):
            raise ValueError("%s=%r: in-memory files are not available "
                             "from Python (run(..., jobs=True) returns the "
                             "jobs)" % (key, value))


def _scenario(source):
    """(Scenario, owned): source itself, or loaded from it."""
    if isinstance(source, Scenario):
        return source, False
    return Scenario(source), True


@contextlib.contextmanager
def _call(source, options):
    """(session, scenario handle, options handle) for one call on source;
    everything freed after it."""
    sc, owned = _scenario(source)
    try:
        with _Session() as s:
            o = s.opts(options)
            try:
                yield s, sc._handle(), o
            finally:
                s.lib.dlsim_opts_free(o)
    finally:
        if owned:
            sc.close()


def analyze(source, **options):
    """What `dlsim analyze --json` prints, as a dict: the admission tests,
    the simulation, the bounds and the contradictions.  source: a
    Scenario, a path or YAML text (as load()).  Options: until."""
    _no_memory_files(options)
    with _call(source, options) as (s, sc, o):
        an = ctypes.c_void_p()
        s.check(s.lib.dlsim_analyze(s.db, sc, o, ctypes.byref(an)))
        try:
            return json.loads(s.text(s.lib.dlsim_analysis_text, an,
                                     _lib.JSON))
        finally:
            s.lib.dlsim_analysis_free(an)


def run(source, jobs=False, as_array=None, **options):
    """What `dlsim run --json` prints, as a dict: per-task statistics,
    misses, percentiles.  source: a Scenario, a path or YAML text (as
    load()).  Options: those of `dlsim run` (until, seed, percentiles,
    misses_list (False: misses counted, "misses_list" left empty),
    max_memory ("512M": the pending jobs' bytes at most; default half of
    the physical memory),
    the output files log, jobs, trace, ftrace, gantt, tikz and the chart
    options), written to disk as the command writes them.

    jobs=True: return (result, jobs), the per-job rows (read_jobs() says
    how: a numpy structured array, or with as_array=False a list of
    dicts); jobs="file.csv" writes them as --jobs does."""
    memory = ":memory:jobs.csv"
    _no_memory_files(options)
    if jobs is True:
        options["jobs"] = memory
    elif jobs is not False and jobs is not None:
        options["jobs"] = jobs
    options.setdefault("percentiles", True)
    with _call(source, options) as (s, sc, o):
        sim = ctypes.c_void_p()
        s.check(s.lib.dlsim_sim_create(s.db, sc, o, ctypes.byref(sim)))
        try:
            s.check(s.lib.dlsim_sim_run(s.db, sim))
            s.check(s.lib.dlsim_sim_finish(s.db, sim))
            result = json.loads(s.text(s.lib.dlsim_sim_text, sim, _lib.JSON))
            if jobs is not True:
                return result
            return result, _jobs.parse(s.take(memory), as_array)
        finally:
            s.lib.dlsim_sim_free(sim)


def read_jobs(path, as_array=None):
    """The per-job CSV `dlsim run --jobs FILE` writes: a numpy structured
    array (when as_array is True, or None and numpy is importable; empty
    cells -1) or a list of dicts (empty cells None).  Columns: task, job,
    release, deadline, start, finish, response, tardiness, cpu (times in
    the scenario's internal unit)."""
    return _jobs.read(path, as_array)
