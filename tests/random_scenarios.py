#!/usr/bin/env python3
"""Random scenarios against dlsim's own cross-checks (make test).

    python3 tests/random_scenarios.py PATH/TO/dlsim [--count N] [--seed S]
                                      [--family F] [--keep DIR]

`dlsim analyze` compares every verdict and bound it gives with a
simulation of the same scenario and exits 5 on a contradiction (a test
that accepts what the simulation misses, a response or lateness above a
bound: `dlsim analyze --help`); `dlsim run` with `mode: hard` or `soft`
prints GUARANTEE VIOLATED or TARDINESS BOUND EXCEEDED when an admission
guarantee or a bound of its own fails.  This script writes random
scenarios that leave the sporadic model in the ways the tests and
bounds must account for, runs them, and fails on any such report (or on
an exit other than 0 and 2: a crash, a resource error).  Files the
loader refuses (exit 2: a task that fits on no CPU, ...) are counted,
not failures.

Families (each --count scenarios, from its own seeded generator, so a
run is the same scenarios every time):
  plain     edf / fp / cbs / edf-split on 1-3 CPUs with jitter, offsets,
            sporadic arrivals, exec models, suspension, overheads and
            shared resources (pip, pcp, srp);
  srp       edf with srp on one CPU, sections and release jitter;
  linux     linux-dl (kernels 6.6 and 6.12, tick accounting, GRUB,
            reclaim flags, fair tasks) on 1-3 CPUs;
  servers   fp with polling, deferrable and POSIX sporadic servers, also
            under tasks of higher priority that hold the server off;
  domains   clustered edf, cpusets (edf and linux-dl), partitioned fp;
  admission run-time admission (mode: hard and soft, arrive_at,
            leave_at) under edf, fp and cbs.
Every family found a defect when it was written (docs/theory.md: BAK with
arbitrary deadlines, edf-srp with jitter, the kernel's 1.024 us wake-up
granularity, tick accounting, the sporadic server's early
replenishment).  Ends with "random scenarios: N passed, N failed"; a
failing scenario is printed (and kept in --keep DIR).  Files go to a
temporary folder, removed at the end.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile


def cbs_servers(r, y, n, tmin, tmax):
    """n cbs servers S0.. of every kind, periods in [tmin, tmax], some
    with D_s < T_s, appended to y."""
    y.append("servers:")
    for k in range(n):
        ts = r.randint(tmin, tmax)
        q = r.randint(1, ts)
        y.append("  - { name: S%d, kind: %s, budget: %d, period: %d%s }" % (
            k, r.choice(["cbs", "hard-cbs", "revised-cbs"]), q, ts,
            ", deadline: %d" % r.randint(q, ts) if r.random() < 0.3 else ""))


def plain(r, i):
    pol = r.choice(["edf", "edf", "fp", "fp", "cbs", "edf-split"])
    cpus = 1 if pol == "edf-split" else r.choice([1, 1, 1, 2, 3])
    n = r.randint(2, 5)
    sch = ["policy: %s" % pol]
    if cpus > 1 and pol != "edf-split":
        sch.append("placement: %s" % r.choice(["global", "partitioned"]))
    if pol == "fp":
        sch.append("priorities: %s" % r.choice(["deadline-monotonic",
                                                 "rate-monotonic"]))
    res = cpus == 1 and pol in ("edf", "fp") and r.random() < 0.3
    if res:
        sch.append("protocol: %s" % r.choice(
            ["none", "srp"] if pol == "edf" else ["none", "pip", "pcp", "srp"]))
    y = ["format: 1", "name: plain%d" % i, "time_unit: tick",
         "platform: { cpus: %d }" % cpus, "scheduler: { %s }" % ", ".join(sch)]
    if not res and r.random() < 0.25 and pol in ("edf", "fp"):
        y.append("overheads: { context_switch: %d, schedule: %d, release: %d%s }"
                 % (r.randint(0, 1), r.randint(0, 1), r.randint(0, 1),
                    ", migration: %d" % r.randint(0, 2) if cpus > 1 else ""))
    if res:
        y.append("resources: [{ name: R }, { name: S }]")
    if pol == "cbs":
        cbs_servers(r, y, n, 2, 24)
    y.append("tasks:")
    for k in range(n):
        t = r.randint(3, 24)
        c = r.randint(1, max(1, t * cpus // n))
        d = r.choice([t, t, r.randint(c, max(c, t)), r.randint(c, 2 * t)])
        f = ["name: t%d" % k, "C: %d" % c, "D: %d" % d, "T: %d" % t]
        if r.random() < 0.2:
            f.append("offset: %d" % r.randint(0, t))
        if r.random() < 0.2:
            f.append("jitter: %d" % r.randint(1, max(1, t // 3)))
        if r.random() < 0.15:
            f.append("arrival: { model: sporadic, max_delay: %d }"
                     % r.randint(0, t))
        if c >= 2 and r.random() < 0.2 and not res:
            f.append("suspend: [{ after: %d, for: %d }]"
                     % (r.randint(1, c - 1), r.randint(1, 3)))
        if r.random() < 0.15:
            f.append("exec: { model: uniform, min: %d, max: %d }"
                     % (r.randint(1, c), c))
        if pol == "cbs":
            f.append("server: S%d" % k)
        if pol == "edf-split":
            f.append("class: %s" % r.choice(["hard", "soft"]))
        if res and c >= 2 and r.random() < 0.6:
            a = r.randint(0, c - 1)
            f.append("sections: [{ resource: %s, after: %d, for: %d }]"
                     % (r.choice("RS"), a, r.randint(1, c - a)))
        y.append("  - { %s }" % ", ".join(f))
    return y, "analyze"


def srp(r, i):
    n = r.randint(2, 5)
    y = ["format: 1", "name: srp%d" % i, "time_unit: tick",
         "scheduler: { policy: edf, protocol: srp }",
         "resources: [{ name: R }, { name: S }]", "tasks:"]
    for k in range(n):
        t = r.randint(4, 30)
        c = r.randint(1, max(1, int(t * 0.9 / n * 1.6)))
        d = r.randint(c + 1, t + 5)
        f = ["name: t%d" % k, "C: %d" % c, "D: %d" % d, "T: %d" % t]
        if r.random() < 0.5:
            f.append("jitter: %d" % r.randint(1, max(1, d - c)))
        if r.random() < 0.7:
            a = r.randint(0, c - 1)
            f.append("sections: [{ resource: %s, after: %d, for: %d }]"
                     % (r.choice("RS"), a, r.randint(1, c - a)))
        y.append("  - { %s }" % ", ".join(f))
    return y, "analyze"


def linux(r, i):
    cpus = r.choice([1, 1, 2, 3])
    sch = ["policy: linux-dl", "kernel: %s" % r.choice(['"6.6"', '"6.12"'])]
    tick = r.random() < 0.3
    if tick:
        sch.append("accounting: tick")
    grub = not tick and cpus == 1 and r.random() < 0.2
    if grub:
        sch.append("reclaim: grub")
    if r.random() < 0.3:
        sch.append("rt_runtime_us: -1")
    y = ["format: 1", "name: linux%d" % i, "time_unit: ms",
         "platform: { cpus: %d }" % cpus, "scheduler: { %s }" % ", ".join(sch),
         "tasks:"]
    n = r.randint(1, 5)
    for k in range(n):
        t = r.randint(2, 40)
        q = min(round(r.uniform(0.3, max(0.4, t * 0.8 * cpus / n)), 1), t)
        d = round(r.uniform(q, t), 1) if r.random() < 0.5 else t
        f = ["name: t%d" % k, "runtime: %s" % q, "deadline: %s" % d,
             "period: %d" % t]
        u = r.random()
        if u < 0.2:
            f.append("exec: { model: uniform, min: %s, max: %s }"
                     % (max(0.1, round(q * 0.3, 1)),
                        max(0.1, round(q * r.uniform(0.5, 1.4), 1))))
        elif u < 0.3:
            f.append("jitter: %s" % round(r.uniform(0.1, d / 2), 1))
        elif u < 0.4:
            f.append("arrival: { model: sporadic, max_delay: %d }"
                     % r.randint(0, t))
        if not tick and not grub and cpus == 1 and r.random() < 0.15:
            f.append("flags: [reclaim]")
        if cpus == 1 and r.random() < 0.1:
            f.append("suspend: [{ after: %s, for: %s }]"
                     % (round(q / 2, 2), round(r.uniform(0.1, 3), 1)))
        y.append("  - { %s }" % ", ".join(f))
    if r.random() < 0.2:
        y.append("  - { name: f, C: %d, T: %d, class: fair }"
                 % (r.randint(1, 5), r.randint(5, 50)))
    return y, "analyze"


def servers(r, i):
    if r.random() < 0.5:
        # a sporadic server held off by higher priorities (the early
        # replenishment), tasks below it
        ts = r.randint(3, 15)
        q = r.randint(1, max(1, ts // 2))
        y = ["format: 1", "name: srv%d" % i, "time_unit: tick",
             "horizon: %d" % r.randint(200, 2000),
             "scheduler: { policy: fp, priorities: explicit }", "servers:",
             "  - { name: S, kind: %s, budget: %d, period: %d, priority: 5 }"
             % (r.choice(["sporadic", "sporadic", "deferrable", "polling"]),
                q, ts), "tasks:"]
        for k in range(r.randint(1, 2)):
            t = r.randint(ts, 4 * ts)
            y.append("  - { name: h%d, C: %d, T: %d, priority: %d%s }" % (
                k, r.randint(1, max(1, t // 3)), t, 1 + k,
                ", arrival: { model: sporadic, max_delay: %d }"
                % r.randint(0, t) if r.random() < 0.5 else ""))
        for k in range(r.randint(1, 3)):
            t = r.randint(5, 60)
            c = r.randint(1, max(1, t // 5))
            y.append("  - { name: l%d, C: %d, D: %d, T: %d, priority: %d }"
                     % (k, c, r.randint(c, t), t, 10 + k))
        for k in range(r.randint(1, 2)):
            t = r.randint(2, 30)
            c = r.randint(1, q + 2)
            y.append("  - { name: a%d, C: %d, T: %d, server: S, arrival: "
                     "{ model: sporadic, max_delay: %d }%s }" % (
                         k, c, t, r.randint(0, 2 * t),
                         ", exec: { model: uniform, min: 1, max: %d }" % c
                         if r.random() < 0.5 else ""))
        return y, "analyze"
    ns = r.randint(1, 2)
    y = ["format: 1", "name: srv%d" % i, "time_unit: tick",
         "scheduler: { policy: fp, priorities: %s }"
         % r.choice(["rate-monotonic", "deadline-monotonic"]), "servers:"]
    for k in range(ns):
        t = r.randint(3, 20)
        y.append("  - { name: S%d, kind: %s, budget: %d, period: %d }" % (
            k, r.choice(["polling", "deferrable", "sporadic"]),
            r.randint(1, max(1, t // 2)), t))
    y.append("tasks:")
    for k in range(r.randint(1, 4)):
        t = r.randint(3, 30)
        c = r.randint(1, max(1, t // 3))
        f = ["name: p%d" % k, "C: %d" % c, "D: %d" % r.randint(c, t),
             "T: %d" % t]
        if r.random() < 0.2:
            f.append("jitter: %d" % r.randint(1, max(1, c)))
        y.append("  - { %s }" % ", ".join(f))
    for k in range(r.randint(1, 3)):
        t = r.randint(5, 60)
        c = r.randint(1, max(1, t // 4))
        f = ["name: a%d" % k, "C: %d" % c, "D: %d" % r.randint(c, 2 * t),
             "T: %d" % t, "server: S%d" % r.randint(0, ns - 1)]
        u = r.random()
        if u < 0.3:
            f.append("arrival: { model: sporadic, max_delay: %d }"
                     % r.randint(0, t))
        elif u < 0.5:
            f.append("exec: { model: uniform, min: 1, max: %d }"
                     % (c + r.randint(0, 3)))
        y.append("  - { %s }" % ", ".join(f))
    return y, "analyze"


def domains(r, i):
    kind = r.choice(["clustered", "cpusets-edf", "cpusets-linux", "partfp"])
    n = r.randint(3, 7)
    if kind == "clustered":
        y = ["format: 1", "name: dom%d" % i, "time_unit: tick",
             "platform: { cpus: 4 }",
             "scheduler: { policy: edf, placement: clustered, "
             "cluster_size: 2, partitioning: %s }"
             % r.choice(["worst-fit", "first-fit", "best-fit-decreasing"])]
    elif kind == "partfp":
        y = ["format: 1", "name: dom%d" % i, "time_unit: tick",
             "platform: { cpus: 3 }",
             "scheduler: { policy: fp, placement: partitioned, "
             "priorities: deadline-monotonic }"]
    else:
        y = ["format: 1", "name: dom%d" % i,
             "time_unit: %s" % ("tick" if kind == "cpusets-edf" else "ms"),
             "platform: { cpus: 3 }", "scheduler:",
             "  policy: %s" % ("edf" if kind == "cpusets-edf" else "linux-dl"),
             "  cpusets:",
             "    - { name: a, cpus: [0], tasks: [%s] }"
             % ", ".join("t%d" % k for k in range(0, n, 2))]
    y.append("tasks:")
    for k in range(n):
        if kind == "cpusets-linux":
            t = r.randint(2, 40)
            q = round(r.uniform(0.2, t * 0.5), 1)
            f = ["name: t%d" % k, "runtime: %s" % q,
                 "deadline: %s" % round(r.uniform(q, t), 1), "period: %d" % t]
            if r.random() < 0.2:
                f.append("exec: { model: uniform, min: 0.1, max: %s }" % q)
        else:
            t = r.randint(3, 30)
            c = r.randint(1, max(1, t // 2))
            f = ["name: t%d" % k, "C: %d" % c, "D: %d" % r.randint(c, t),
                 "T: %d" % t]
            if r.random() < 0.2:
                f.append("jitter: %d" % r.randint(1, max(1, c)))
            if r.random() < 0.2:
                f.append("offset: %d" % r.randint(0, t))
        y.append("  - { %s }" % ", ".join(f))
    return y, "analyze"


def admission(r, i):
    pol = r.choice(["edf", "edf", "fp", "cbs"])
    cpus = 1 if pol == "fp" else r.choice([1, 1, 2, 3])
    sch = ["policy: %s" % pol, "mode: %s" % r.choice(["hard", "soft"])]
    if cpus > 1:
        sch.append("placement: %s" % r.choice(["global", "partitioned"]))
    if pol == "fp":
        sch.append("priorities: %s" % r.choice(["deadline-monotonic",
                                                 "rate-monotonic"]))
    n = r.randint(2, 6)
    y = ["format: 1", "name: adm%d" % i, "time_unit: tick",
         "platform: { cpus: %d }" % cpus, "scheduler: { %s }" % ", ".join(sch)]
    if r.random() < 0.5:
        y.append("horizon: %d" % r.randint(100, 3000))
    if pol == "cbs":
        cbs_servers(r, y, n, 3, 30)
    y.append("tasks:")
    for k in range(n):
        t = r.randint(3, 30)
        c = min(r.randint(1, max(1, t * cpus // 2)), t)
        f = ["name: t%d" % k, "C: %d" % c,
             "D: %d" % r.choice([t, r.randint(c, t), r.randint(c, 2 * t)]),
             "T: %d" % t]
        arrive = r.randint(0, 200) if r.random() < 0.3 else 0
        if arrive:
            f.append("arrive_at: %d" % arrive)
        if r.random() < 0.3:
            f.append("leave_at: %d" % r.randint(arrive + 1, arrive + 400))
        if r.random() < 0.15:
            f.append("jitter: %d" % r.randint(1, max(1, c)))
        if r.random() < 0.15:
            f.append("arrival: { model: sporadic, max_delay: %d }"
                     % r.randint(0, t))
        if r.random() < 0.15:
            f.append("exec: { model: uniform, min: 1, max: %d }"
                     % (c + r.randint(0, 2)))
        if c >= 2 and r.random() < 0.1:
            f.append("suspend: [{ after: 1, for: %d }]" % r.randint(1, 3))
        if pol == "cbs" and r.random() < 0.7:
            f.append("server: S%d" % k)
        y.append("  - { %s }" % ", ".join(f))
    return y, "run"


FAMILIES = {"plain": plain, "srp": srp, "linux": linux, "servers": servers,
            "domains": domains, "admission": admission}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dlsim")
    ap.add_argument("--count", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--family", choices=sorted(FAMILIES) + ["all"],
                    default="all")
    ap.add_argument("--keep")
    o = ap.parse_args()
    fams = sorted(FAMILIES) if o.family == "all" else [o.family]
    passed = failed = refused = 0
    with tempfile.TemporaryDirectory(prefix="dlsim-random-") as tmp:
        for name in fams:
            for i in range(o.count):
                r = random.Random("%s:%d:%d" % (name, o.seed, i))
                lines, cmd = FAMILIES[name](r, i)
                text = "\n".join(lines) + "\n"
                path = os.path.join(tmp, "%s-%d.yaml" % (name, i))
                with open(path, "w") as f:
                    f.write(text)
                try:
                    p = subprocess.run([o.dlsim, cmd, path],
                                       capture_output=True, text=True,
                                       timeout=300)
                    rc, out = p.returncode, p.stdout + p.stderr
                except subprocess.TimeoutExpired:
                    rc, out = -1, "timed out after 300 s"
                bad = rc not in (0, 2) or (cmd == "run" and (
                    "GUARANTEE VIOLATED" in out or
                    "BOUND EXCEEDED" in out))
                if rc == 2 and not bad:
                    refused += 1
                if not bad:
                    passed += 1
                    continue
                failed += 1
                print("FAIL %s %d (dlsim %s, exit %d):\n%s%s" % (
                    name, i, cmd, rc, text, out[-3000:]))
                if o.keep:
                    os.makedirs(o.keep, exist_ok=True)
                    with open(os.path.join(o.keep, "%s-%d.yaml" % (name, i)),
                              "w") as f:
                        f.write(text)
    print("random scenarios: %d passed (%d refused at load), %d failed"
          % (passed, refused, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
