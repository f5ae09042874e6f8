"""The Python bindings (python/dlsim) against the dlsim command.

    python3 tests/test_python.py PATH/TO/dlsim [TEST...]   (e.g. Errors)

run from the source tree with the package importable (PYTHONPATH) and,
in the tree, DLSIM_LIBRARY naming the library under test.  With
DLSIM_TEST_PREFIX set (tests/install.sh), the package and the library must
be the ones installed under that prefix.  Everything written goes to a
temporary folder.  analyze() and run() must give the dicts the command
prints with --json for every example, their options must reach the
library (the files written are the command's, byte for byte), errors must
carry the library's message and status, and Ctrl-C must stop a run.
"""
import csv
import glob
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import dlsim

DLSIM = None                    # the command, from argv[1]
EXAMPLES = sorted(glob.glob("scenarios/examples/*.yaml"))
DARIO = "scenarios/examples/dario.yaml"


def cli(*args, check=True):
    p = subprocess.run([DLSIM] + list(args), capture_output=True,
                       text=True)
    if check and p.returncode not in (0, 4, 5):
        raise AssertionError("dlsim %s: exit %d: %s" %
                             (" ".join(args), p.returncode, p.stderr))
    return p


def numpy_or_none():
    try:
        import numpy
        return numpy
    except ImportError:
        return None


class Library(unittest.TestCase):
    def test_version_is_the_header_one(self):
        with open("include/dlsim.h") as f:
            want = [l.split('"')[1] for l in f
                    if l.startswith("#define DLSIM_VERSION ")][0]
        self.assertEqual(dlsim.version(), want)
        self.assertTrue(cli("--version").stdout.startswith("dlsim " + want))

    def test_the_library_under_test_is_loaded(self):
        got = os.path.realpath(dlsim.library_path())
        prefix = os.environ.get("DLSIM_TEST_PREFIX")
        if prefix:
            self.assertTrue(got.startswith(os.path.realpath(prefix) + "/"),
                            got)
            self.assertTrue(os.path.realpath(dlsim.__file__).startswith(
                os.path.realpath(prefix) + "/"), dlsim.__file__)
        else:
            self.assertEqual(
                got, os.path.realpath(os.environ["DLSIM_LIBRARY"]))

    def test_found_by_DLSIM_LIBRARY_and_lazily(self):
        # A copy of the package outside any tree or install: importing
        # needs no library, the first call names what it tried, and
        # DLSIM_LIBRARY is followed.
        with tempfile.TemporaryDirectory() as d:
            pkg = os.path.dirname(dlsim.__file__)
            shutil.copytree(pkg, os.path.join(d, "dlsim"),
                            ignore=shutil.ignore_patterns(
                                "_installed.py", "__pycache__"))
            env = dict(os.environ, PYTHONPATH=d,
                       DLSIM_LIBRARY="/nonexistent/libdlsim.so.0",
                       PYTHONDONTWRITEBYTECODE="1")
            code = ("import dlsim\n"
                    "try:\n    dlsim.version()\n"
                    "except OSError as e:\n    print(e)\n")
            p = subprocess.run([sys.executable, "-c", code], env=env,
                               capture_output=True, text=True, cwd=d)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("/nonexistent/libdlsim.so.0 (DLSIM_LIBRARY)",
                          p.stdout)
            env["DLSIM_LIBRARY"] = os.path.realpath(dlsim.library_path())
            p = subprocess.run([sys.executable, "-c",
                                "import dlsim; print(dlsim.library_path())"],
                               env=env, capture_output=True, text=True,
                               cwd=d)
            self.assertEqual(p.stdout.strip(), env["DLSIM_LIBRARY"],
                             p.stderr)


class SameAsTheCommand(unittest.TestCase):
    def test_analyze_every_example(self):
        self.assertGreater(len(EXAMPLES), 20)
        for f in EXAMPLES:
            with self.subTest(example=f):
                want = json.loads(cli("analyze", f, "--json").stdout)
                self.assertEqual(dlsim.analyze(f), want)

    def test_run_every_example(self):
        for f in EXAMPLES:
            with self.subTest(example=f):
                want = json.loads(cli("run", f, "--json").stdout)
                self.assertEqual(dlsim.run(f), want)

    def test_mode_hard_counts_unguaranteed_misses(self):
        # cbs admits the server S (2, 5, 5) and B; A (C 3 > Q 2) has no
        # guarantee: [0, 3) B, [3, 5) A (S exhausted, d = 10), [5, 6) A
        # late by 1, counted in unguaranteed_misses, not as a violation
        text = ("format: 1\nhorizon: 10\n"
                "scheduler: { policy: cbs, mode: hard }\n"
                "servers: [{ name: S, budget: 2, period: 5 }]\n"
                "tasks:\n"
                "  - { name: A, C: 3, D: 5, T: 10, server: S }\n"
                "  - { name: B, C: 3, D: 4, T: 10 }\n")
        r = dlsim.run(text)
        self.assertEqual((r["misses"], r["guarantee_violations"],
                          r["unguaranteed_misses"]), (1, 0, 1))
        with tempfile.TemporaryDirectory() as d:
            with open(d + "/o.yaml", "w") as f:
                f.write(text)
            want = json.loads(cli("run", d + "/o.yaml", "--json").stdout)
        want["scenario"] = r["scenario"]        # the file's name
        self.assertEqual(r, want)

    def test_options_reach_the_library(self):
        want = json.loads(cli("run", DARIO, "--json", "--until", "35",
                              "--seed", "7").stdout)
        self.assertEqual(dlsim.run(DARIO, until=35, seed=7), want)
        self.assertEqual(dlsim.run(DARIO, until="35"), want)
        self.assertNotEqual(dlsim.run(DARIO)["horizon"], want["horizon"])
        # misses_list=False: counted, not listed (Dario to 20: 2 misses)
        off = dlsim.run(DARIO, until=20, misses_list=False)
        on = dlsim.run(DARIO, until=20)
        self.assertEqual(off["misses_list"], [])
        self.assertEqual(off["misses_list_omitted"], 2)
        self.assertEqual(len(on["misses_list"]), 2)
        self.assertNotIn("misses_list_omitted", on)
        want = json.loads(cli("analyze", DARIO, "--json", "--until",
                              "100").stdout)
        self.assertEqual(dlsim.analyze(DARIO, until=100), want)
        # output files and chart options (gantt_rows: --gantt-rows)
        with tempfile.TemporaryDirectory() as d:
            f = "scenarios/examples/clustered.yaml"
            cli("run", f, "--until", "40", "--gantt", d + "/c.svg",
                "--gantt-rows", "cpu", "--width", "3.5in", "--log",
                d + "/c.jsonl", "-q")
            dlsim.run(f, until=40, gantt=d + "/p.svg", gantt_rows="cpu",
                      width="3.5in", log=d + "/p.jsonl")
            for ext in ("svg", "jsonl"):
                with open("%s/c.%s" % (d, ext), "rb") as a, \
                        open("%s/p.%s" % (d, ext), "rb") as b:
                    self.assertEqual(a.read(), b.read(), ext)

    def test_yaml_text_and_scenario_objects(self):
        with open(DARIO) as f:
            text = f.read()
        want = dlsim.analyze(DARIO)
        self.assertEqual(dlsim.analyze(text), want)
        self.assertEqual(dlsim.analyze(text.encode()), want)
        with dlsim.load(DARIO) as sc:
            self.assertEqual(sc.name, "dario-4-10-5")
            self.assertEqual(sc.tasks, ["P1", "P2"])
            self.assertEqual((sc.policy, sc.cpus, sc.time_unit,
                              sc.internal_unit), ("edf", 1, "tick", "tick"))
            self.assertEqual(dlsim.analyze(sc), want)
            self.assertEqual(dlsim.run(sc, until=20),
                             dlsim.run(DARIO, until=20))
        with self.assertRaises(ValueError):
            sc.tasks
        self.assertEqual(repr(sc), "<dlsim.Scenario (closed)>")

    def test_jobs(self):
        with tempfile.TemporaryDirectory() as d:
            f = "scenarios/examples/abort.yaml"
            cli("run", f, "--jobs", d + "/j.csv", "-q")
            with open(d + "/j.csv", newline="") as fh:
                rows = list(csv.DictReader(fh))
            want = [{k: (v if k == "task" else
                         (int(v) if v != "" else None))
                     for k, v in r.items()} for r in rows]
            self.assertTrue(any(None in r.values() for r in want))
            result, jobs = dlsim.run(f, jobs=True, as_array=False)
            self.assertEqual(jobs, want)
            self.assertEqual(result, dlsim.run(f))
            self.assertEqual(dlsim.read_jobs(d + "/j.csv", as_array=False),
                             want)
            dlsim.run(f, jobs=d + "/k.csv")
            with open(d + "/j.csv", "rb") as a, open(d + "/k.csv", "rb") as b:
                self.assertEqual(a.read(), b.read())
            np = numpy_or_none()
            if np is None:
                with self.assertRaises(ImportError):
                    dlsim.run(f, jobs=True, as_array=True)
                self.assertIsInstance(dlsim.run(f, jobs=True)[1], list)
                return
            _, a = dlsim.run(f, jobs=True)
            self.assertIsInstance(a, np.ndarray)
            self.assertEqual(a.dtype.names, tuple(want[0]))
            self.assertEqual(len(a), len(want))
            for row, w in zip(a.tolist(), want):
                self.assertEqual(row, tuple(-1 if v is None else v
                                            for v in w.values()))


class Errors(unittest.TestCase):
    def test_messages_and_status_are_the_library_ones(self):
        bad = "format: 1\nname: x\nplatform: { cpus: 1 }\n" \
              "scheduler: { policy: edf }\ntasks:\n" \
              "  - { name: A, C: 0, D: 5, T: 10 }\n"
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "bad.yaml")
            with open(path, "w") as f:
                f.write(bad)
            with self.assertRaises(dlsim.Error) as e:
                dlsim.analyze(path)
            self.assertEqual(e.exception.status, dlsim.Status.INVALID)
            self.assertIn(e.exception.message, cli("analyze", path,
                                                   check=False).stderr)
            self.assertEqual(str(e.exception), e.exception.message)
        with self.assertRaises(dlsim.Error) as e:
            dlsim.load("no/such/file.yaml")
        self.assertEqual(e.exception.status, dlsim.Status.IO)
        self.assertIn("no/such/file.yaml", e.exception.message)
        with self.assertRaises(dlsim.Error) as e:
            dlsim.run(DARIO, until="3x")
        self.assertEqual(e.exception.status, dlsim.Status.USAGE)
        self.assertIn("--until 3x", e.exception.message)
        with self.assertRaises(dlsim.Error) as e:
            dlsim.analyze(DARIO, gantt="x.svg")
        self.assertIn("--gantt", e.exception.message)
        with self.assertRaises(dlsim.Error) as e:
            dlsim.load("format: 1\nname: [\n")
        self.assertEqual(e.exception.status, dlsim.Status.PARSE)
        with self.assertRaises(ValueError):
            dlsim.run(DARIO, gantt=":memory:x.svg")
        with self.assertRaises(TypeError):
            dlsim.load(42)

    def test_ctrl_c_stops_a_run(self):
        # A run of about 2*10^10 jobs (hours), interrupted after a second:
        # KeyboardInterrupt, the partial run dropped, soon.
        code = ("import dlsim, sys\n"
                "print('go', flush=True)\n"
                "try:\n"
                "    dlsim.run(%r, until=10**11)\n"
                "except KeyboardInterrupt:\n"
                "    print('interrupted')\n" % os.path.abspath(DARIO))
        # SIGINT at its default in the child: a make test started in the
        # background (nohup, "&" in a script) passes SIGINT ignored, and
        # a Python started so keeps ignoring it (no KeyboardInterrupt)
        p = subprocess.Popen([sys.executable, "-c", code],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, preexec_fn=lambda: signal.signal(
                                 signal.SIGINT, signal.SIG_DFL))
        self.assertEqual(p.stdout.readline().strip(), "go")
        time.sleep(1)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=120)
        self.assertEqual(out.strip(), "interrupted", err)
        self.assertEqual(p.returncode, 0)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_python.py PATH/TO/dlsim [TEST...]")
    DLSIM = os.path.abspath(sys.argv[1])
    loader = unittest.defaultTestLoader
    suite = (loader.loadTestsFromNames(sys.argv[2:], sys.modules[__name__])
             if len(sys.argv) > 2 else
             loader.loadTestsFromModule(sys.modules[__name__]))
    log = io.StringIO()
    result = unittest.TextTestRunner(stream=log, verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors)
    if failed:
        print(log.getvalue())
    print("python: %d passed, %d failed (%s, library %s)" % (
        result.testsRun - failed, failed, sys.executable,
        dlsim.library_path()))
    sys.exit(1 if failed else 0)
