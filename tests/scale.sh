#!/bin/sh
# Scale: `dlsim validate` (loader + placement) of 100,000 tasks, global and
# partitioned under every heuristic, and of one task on 65,536 CPUs.  Not
# timed (bench/ holds performance claims): each run must simply finish,
# which took minutes before the incremental partitioner (test suite
# partition-scale checks it against the old one).  Usage: sh tests/scale.sh
# PATH/TO/dlsim.  Writes only under build/.
DLSIM=${1:-build/release/dlsim}
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
run() {
	if "$DLSIM" validate "$1" -q >"$T/out" 2>"$T/err"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: validate $1 ($2)"; head -3 "$T/err"
	fi
}
gen "$T/g.yaml" 100000 64 global
run "$T/g.yaml" global
for h in first-fit best-fit worst-fit first-fit-decreasing best-fit-decreasing \
	 worst-fit-decreasing first-fit-decreasing-density \
	 best-fit-decreasing-density worst-fit-decreasing-density; do
	sed "s/placement: global/placement: partitioned\n  partitioning: $h/" \
		"$T/g.yaml" > "$T/p.yaml"
	run "$T/p.yaml" "$h"
done
gen "$T/one.yaml" 1 65536 partitioned best-fit
run "$T/one.yaml" "1 task, 65536 CPUs"
if "$DLSIM" analyze "$T/one.yaml" >"$T/out" 2>"$T/err"; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL: analyze, 1 task on 65536 CPUs"; head -3 "$T/err"; fi
echo "scale: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
