"""Finding and loading libdlsim.so, and the C prototypes the package calls.

The library is the first of:

1. the one ``make install`` installed this package with (its absolute
   path is written into ``_installed.py`` beside this file);
2. the file named by the environment variable ``DLSIM_LIBRARY``;
3. the build of the source tree this package sits in
   (``build/release/libdlsim.so``, then ``build/debug/``, ``build/san/``).

It is loaded on first use, not on import, so that ``import dlsim`` (and
the modules of the package that need no library) work without it.
"""
import ctypes
import os
import threading

_lock = threading.Lock()
_lib = None
_path = None

# dlsim_progress_fn: int (*)(void *ctx, const struct dlsim_progress *p)
PROGRESS_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)

_P = ctypes.c_void_p
_PP = ctypes.POINTER(ctypes.c_void_p)
_S = ctypes.c_char_p
_INT = ctypes.c_int
_SIZE = ctypes.c_size_t
_PSIZE = ctypes.POINTER(ctypes.c_size_t)

# name: (restype, argtypes), as include/dlsim.h declares them (enum
# dlsim_status is an int).
_PROTOTYPES = {
    "dlsim_libversion": (_S, []),
    "dlsim_open": (_INT, [_PP]),
    "dlsim_close": (None, [_P]),
    "dlsim_errmsg": (_S, [_P]),
    "dlsim_free": (None, [_P]),
    "dlsim_set_progress": (None, [_P, PROGRESS_FN, _P]),
    "dlsim_memory_take": (_INT, [_P, _S, _PP, _PSIZE]),
    "dlsim_opts_create": (_INT, [_P, _PP]),
    "dlsim_opts_set": (_INT, [_P, _P, _S, _S]),
    "dlsim_opts_free": (None, [_P]),
    "dlsim_scenario_load": (_INT, [_P, _S, _PP]),
    "dlsim_scenario_load_string": (_INT, [_P, _S, _SIZE, _S, _PP]),
    "dlsim_scenario_free": (None, [_P]),
    "dlsim_scenario_name": (_S, [_P]),
    "dlsim_scenario_policy": (_S, [_P]),
    "dlsim_scenario_cpus": (ctypes.c_uint, [_P]),
    "dlsim_scenario_ntasks": (_SIZE, [_P]),
    "dlsim_scenario_task_name": (_S, [_P, _SIZE]),
    "dlsim_scenario_time_unit": (_S, [_P]),
    "dlsim_scenario_internal_unit": (_S, [_P]),
    "dlsim_analyze": (_INT, [_P, _P, _P, _PP]),
    "dlsim_analysis_free": (None, [_P]),
    "dlsim_analysis_text": (_INT, [_P, _P, ctypes.c_uint, _PP, _PSIZE]),
    "dlsim_sim_create": (_INT, [_P, _P, _P, _PP]),
    "dlsim_sim_free": (None, [_P]),
    "dlsim_sim_run": (_INT, [_P, _P]),
    "dlsim_sim_finish": (_INT, [_P, _P]),
    "dlsim_sim_text": (_INT, [_P, _P, ctypes.c_uint, _PP, _PSIZE]),
}

# Flags of the writers (include/dlsim.h).
JSON = 0x01


def candidates():
    """The paths tried, in order, each with where it comes from."""
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        from . import _installed
        yield _installed.LIBRARY, "installed with the package"
    except ImportError:
        pass
    env = os.environ.get("DLSIM_LIBRARY")
    if env:
        yield env, "DLSIM_LIBRARY"
    root = os.path.dirname(os.path.dirname(here))
    for variant in ("release", "debug", "san"):
        yield (os.path.join(root, "build", variant, "libdlsim.so"),
               "source tree")


def load():
    """The loaded library (a ctypes.CDLL with the prototypes set)."""
    global _lib, _path
    with _lock:
        if _lib is not None:
            return _lib
        tried = []
        for path, origin in candidates():
            if not os.path.exists(path):
                tried.append("%s (%s): no such file" % (path, origin))
                continue
            try:
                lib = ctypes.CDLL(path)
            except OSError as e:
                tried.append("%s (%s): %s" % (path, origin, e))
                continue
            for name, (res, args) in _PROTOTYPES.items():
                fn = getattr(lib, name)
                fn.restype = res
                fn.argtypes = args
            _lib, _path = lib, path
            return lib
        raise OSError("dlsim: cannot load libdlsim.so; tried:\n  " +
                      "\n  ".join(tried) +
                      "\n(make builds it; DLSIM_LIBRARY names another)")


def path():
    """The path of the loaded library (loading it if needed)."""
    load()
    return _path
