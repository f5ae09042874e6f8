#!/bin/sh
# Byte-for-byte checks of the trace writers: for every example scenario the
# --jobs CSV, the --log CSV and JSONL and the --trace Chrome JSON must equal
# the files in tests/golden/ (written by the dlsim of main before the
# buffered writers: 81586d1, then 6d48660 once linux-dl's kernel profiles
# changed the fair-server and tick examples' schedules), and so must the
# --ftrace text and the binary log (--log F.bin; both written by main at
# 73d9d6a, before their writers were made faster); long runs (several MiB
# each, so every writer crosses its buffer many times) are compared by
# SHA-256 against tests/golden/long.sha256.  A binary log replayed by
# 'dlsim render' must give the same JSONL as --log F.jsonl; so must the
# version 1 binary logs in tests/golden/v1/ (written by main at 73d9d6a;
# dlsim writes version 2 since, and reads both).
#
#   sh tests/golden.sh PATH/TO/dlsim            check (writes only under
#                                                build/golden-tests)
#   sh tests/golden.sh PATH/TO/dlsim --regen    rewrite tests/golden/ (only
#                                                when a format changes on
#                                                purpose)
# Ends with "golden: N passed, N failed"; exit 1 if any failed.
DLSIM=${1:-build/release/dlsim}
REGEN=${2:-}
G=tests/golden
T=build/golden-tests
EX=scenarios/examples
rm -rf "$T" && mkdir -p "$T"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# The long runs: example and --until.
LONG="rm-vs-edf:50000 clustered:30000 abort:50000 sporadic:50s
cbs-isolation:100000 linux-dl:100s suspend-edf:20000"

# binlog NAME DIR: DIR/NAME.log.bin replayed by 'dlsim render' into
# $T/NAME.bin.jsonl (must equal the direct JSONL log)
binlog() {
	"$DLSIM" render "$2/$1.log.bin" --log "$T/$1.bin.jsonl" >/dev/null
}

# outputs NAME DIR [--until T]: the six files of one run into DIR
outputs() {
	n=$1; d=$2; shift 2
	"$DLSIM" run "$EX/$n.yaml" --quiet "$@" --jobs "$d/$n.jobs.csv" \
		--log "$d/$n.log.csv" --trace "$d/$n.trace.json" \
		--ftrace "$d/$n.ftrace.txt" >/dev/null &&
	"$DLSIM" run "$EX/$n.yaml" --quiet "$@" \
		--log "$d/$n.log.jsonl" >/dev/null &&
	"$DLSIM" run "$EX/$n.yaml" --quiet "$@" \
		--log "$d/$n.log.bin" >/dev/null
}

KINDS="jobs.csv log.csv log.jsonl trace.json ftrace.txt log.bin"

if [ "$REGEN" = "--regen" ]; then
	rm -f "$G"/*.csv "$G"/*.jsonl "$G"/*.json "$G"/*.txt "$G"/*.bin \
		"$G/long.sha256"
	for f in "$EX"/*.yaml; do
		outputs "$(basename "$f" .yaml)" "$G" || exit 1
	done
	for spec in $LONG; do
		n=${spec%%:*}
		outputs "$n" "$T" --until "${spec#*:}" || exit 1
		(cd "$T" && sha256sum "$n".*) >> "$G/long.sha256"
	done
	echo "golden: regenerated"
	exit 0
fi

for f in "$EX"/*.yaml; do
	n=$(basename "$f" .yaml)
	if ! outputs "$n" "$T"; then bad "$n: run failed"; continue; fi
	for k in $KINDS; do
		if cmp -s "$G/$n.$k" "$T/$n.$k"; then ok; else
			bad "$n.$k differs from $G/$n.$k"
			diff "$G/$n.$k" "$T/$n.$k" | head -5
		fi
	done
	if binlog "$n" "$T" && cmp -s "$G/$n.log.jsonl" "$T/$n.bin.jsonl"; then ok; else
		bad "$n: the binary log replayed differs from $G/$n.log.jsonl"
	fi
	# the same run's version 1 log (the format read, no longer written):
	# its records; its header is older than the tasks' class, cpu and
	# server and the servers' table, so it is the same run's header
	# without them
	if [ -f "$G/v1/$n.log.bin" ] && binlog "$n" "$G/v1" &&
	   tail -n +2 "$G/$n.log.jsonl" > "$T/$n.want.rec" &&
	   tail -n +2 "$T/$n.bin.jsonl" | cmp -s - "$T/$n.want.rec" &&
	   head -n 1 "$G/$n.log.jsonl" | sed -e 's/,"class":"[a-z]*"//g' \
		-e 's/,"cpu":[0-9]*//g' -e 's/,"server":[0-9]*//g' \
		-e 's/,"servers":\[[^]]*\]//' \
		-e 's/,"fair_server":{[^}]*}//' > "$T/$n.want.head" &&
	   head -n 1 "$T/$n.bin.jsonl" | cmp -s - "$T/$n.want.head"; then ok; else
		bad "$n: the version 1 binary log $G/v1/$n.log.bin replayed differs from $G/$n.log.jsonl"
	fi
done
for spec in $LONG; do
	n=${spec%%:*}
	outputs "$n" "$T" --until "${spec#*:}" || { bad "$n: long run failed"; continue; }
	for k in $KINDS; do
		want=$(grep " $n\.$k\$" "$G/long.sha256" | cut -d' ' -f1)
		got=$(cd "$T" && sha256sum "$n.$k" | cut -d' ' -f1)
		if [ -n "$want" ] && [ "$want" = "$got" ]; then ok; else
			bad "$n.$k (--until ${spec#*:}) checksum differs"
		fi
	done
	if binlog "$n" "$T" &&
	   cmp -s "$T/$n.log.jsonl" "$T/$n.bin.jsonl"; then ok; else
		bad "$n (--until ${spec#*:}): the binary log replayed differs"
	fi
	rm -f "$T/$n".*
done
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
