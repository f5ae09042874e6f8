#!/bin/sh
# Scale: `dlsim validate`, `analyze` and `run` (its default horizon) of
# 100,000 tasks on 64 CPUs -- global, and partitioned under each of the
# nine heuristics -- and of one task on 65,536 CPUs, each command under a
# CPU-time limit (ulimit -t, SCALE_CPU_SECONDS, default 30; three times
# that for a sanitizer build).  Optimised, each takes 0.1-3 s; before the
# budgets and the O(n log n) tardiness bounds, `analyze` of the global set
# took 229 s.  The limit catches a step that is quadratic again, not a few
# percent (bench/ holds the performance claims).  The global set is too
# large for BCL-iterative, RTA and BAR at the default budget: `analyze`
# must say so ("too large: ...") and still decide the rest.  Usage: sh
# tests/scale.sh PATH/TO/dlsim.  Writes only in a temporary folder.
DLSIM=${1:-build/release/dlsim}
LIMIT=${SCALE_CPU_SECONDS:-30}
case $DLSIM in */san/*) LIMIT=$((3 * LIMIT)) ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/dlsim-scale.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
gen() {  # gen FILE N CPUS PLACEMENT [PARTITIONING]
	awk -v n="$2" -v m="$3" -v pl="$4" -v pa="$5" 'BEGIN {
		srand(7)
		printf "format: 1\nname: scale\ntime_unit: tick\n"
		printf "platform: { cpus: %d }\nscheduler:\n  policy: edf\n", m
		printf "  placement: %s\n", pl
		if (pa != "") printf "  partitioning: %s\n", pa
		printf "tasks:\n"
		for (i = 0; i < n; i++) {
			t = 1000 + int(rand() * 999000)
			c = 1 + int(rand() * t * 1.6 * m / n)
			if (c > t) c = t
			printf "  - { name: t%d, C: %d, D: %d, T: %d }\n", i, c, t, t
		}
	}' > "$1"
}
# run CMD FILE WHAT: the command must exit 0 within the CPU limit
run() {
	(ulimit -t "$LIMIT"; exec "$DLSIM" "$1" "$2") >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$rc" -eq 0 ]; then pass=$((pass + 1)); return 0; fi
	fail=$((fail + 1))
	if [ "$rc" -gt 128 ]; then
		echo "FAIL: $1 $3: killed (signal $((rc - 128)); over $LIMIT CPU seconds?)"
	else
		echo "FAIL: $1 $3: exit $rc"; head -3 "$T/err"
	fi
	return 1
}
has() {  # has PATTERN WHAT: the last output contains PATTERN
	if grep -q -- "$1" "$T/out"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: $2: no '$1' in the output"; fi
}
all3() {  # all3 FILE WHAT
	run validate "$1" "$2"
	run analyze "$1" "$2" && cp "$T/out" "$T/analyze.out"
	run run "$1" "$2"
	cp "$T/analyze.out" "$T/out" 2>/dev/null
}
gen "$T/g.yaml" 100000 64 global
all3 "$T/g.yaml" global
for t in bcl-iterative rta bar; do
	has "^  $t .* n/a .*(too large: .* needs more than 20000000 steps for 100000 tasks on 64 CPUs" \
	    "global analyze, $t"
done
has '^  ffdbf .* accept' "global analyze, ffdbf"
has 'tardiness: upper bound' "global analyze, tardiness bound"
for h in first-fit best-fit worst-fit first-fit-decreasing best-fit-decreasing \
	 worst-fit-decreasing first-fit-decreasing-density \
	 best-fit-decreasing-density worst-fit-decreasing-density; do
	sed "s/placement: global/placement: partitioned\n  partitioning: $h/" \
		"$T/g.yaml" > "$T/p.yaml"
	rm -f "$T/analyze.out"
	all3 "$T/p.yaml" "$h"
	has "^  partitioned-$h .* accept" "partitioned ($h) analyze"
done
gen "$T/one.yaml" 1 65536 partitioned best-fit
rm -f "$T/analyze.out"
all3 "$T/one.yaml" "1 task, 65536 CPUs"
has '^  partitioned-best-fit .* accept' "1 task on 65536 CPUs, analyze"
echo "scale: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
