#!/bin/sh
# Byte-for-byte checks of what the pipeline answers for every example
# scenario: `validate`, `analyze` (text and --json), `run` (text and
# --json), the TikZ chart, and the PNG and SVG Gantt charts.  The expected
# files in tests/golden/pipeline/ were written by the dlsim of main before
# the pipeline moved from cli/ into the library (commit 51abdf9), so a
# refactor that changes any answer fails here.
#
# Charts depend on the cairo and font versions, so PNG and SVG are compared
# by SHA-256 (tests/golden/pipeline/charts.sha256) only when the machine
# has the cairo version the checksums were made with (first line of that
# file); otherwise they are skipped, saying so.
#
#   sh tests/golden_pipeline.sh PATH/TO/dlsim           check (writes only
#                                                       under build/)
#   sh tests/golden_pipeline.sh PATH/TO/dlsim --regen   rewrite the files
#                                                       (only when an
#                                                       answer changes on
#                                                       purpose)
# Ends with "golden-pipeline: N passed, N failed"; exit 1 if any failed.
DLSIM=${1:-build/release/dlsim}
REGEN=${2:-}
G=tests/golden/pipeline
T=build/golden-pipeline
rm -rf "$T" && mkdir -p "$T"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
CAIRO=$(pkg-config --modversion cairo 2>/dev/null || echo unknown)

# answers FILE DIR: every answer of one scenario into DIR/NAME.*, exit
# status of each command appended to its file, so a changed status fails.
answers() {
	f=$1; d=$2; n=$(basename "$f" .yaml)
	"$DLSIM" validate "$f" > "$d/$n.validate.txt" 2>&1
	echo "exit $?" >> "$d/$n.validate.txt"
	"$DLSIM" analyze "$f" > "$d/$n.analyze.txt" 2>&1
	echo "exit $?" >> "$d/$n.analyze.txt"
	"$DLSIM" analyze "$f" --json > "$d/$n.analyze.json" 2>&1
	echo "exit $?" >> "$d/$n.analyze.json"
	"$DLSIM" run "$f" > "$d/$n.run.txt" 2>&1
	echo "exit $?" >> "$d/$n.run.txt"
	"$DLSIM" run "$f" --json > "$d/$n.run.json" 2>&1
	echo "exit $?" >> "$d/$n.run.json"
	"$DLSIM" run "$f" --quiet --tikz "$d/$n.tex" \
		--gantt "$T/$n.png" > /dev/null 2>&1
	"$DLSIM" run "$f" --quiet --gantt "$T/$n.svg" > /dev/null 2>&1
}

SCENARIOS="scenarios/examples/*.yaml docs/examples/*.yaml"

if [ "$REGEN" = "--regen" ]; then
	rm -rf "$G" && mkdir -p "$G"
	echo "cairo $CAIRO" > "$G/charts.sha256"
	for f in $SCENARIOS; do
		answers "$f" "$G"
		n=$(basename "$f" .yaml)
		(cd "$T" && sha256sum "$n.png" "$n.svg") >> "$G/charts.sha256"
	done
	echo "golden-pipeline: regenerated"
	exit 0
fi

charts=yes
if [ "$(head -n 1 "$G/charts.sha256")" != "cairo $CAIRO" ]; then
	charts=no
	echo "  (skipped: charts were checksummed with $(head -n 1 "$G/charts.sha256"), this machine has cairo $CAIRO)"
fi
for f in $SCENARIOS; do
	n=$(basename "$f" .yaml)
	answers "$f" "$T"
	for k in validate.txt analyze.txt analyze.json run.txt run.json tex; do
		if cmp -s "$G/$n.$k" "$T/$n.$k"; then ok; else
			bad "$n.$k differs from $G/$n.$k"
			diff "$G/$n.$k" "$T/$n.$k" | head -6
		fi
	done
	[ "$charts" = yes ] || continue
	for k in png svg; do
		want=$(grep " $n\.$k\$" "$G/charts.sha256" | cut -d' ' -f1)
		got=$(cd "$T" && sha256sum "$n.$k" 2>/dev/null | cut -d' ' -f1)
		if [ -n "$want" ] && [ "$want" = "$got" ]; then ok; else
			bad "$n.$k checksum differs"
		fi
	done
done
echo "golden-pipeline: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
