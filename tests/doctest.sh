#!/bin/sh
# Doc tests: run the commands of a Markdown page in order and check the
# outputs it shows.  Usage: sh tests/doctest.sh PATH/TO/dlsim docs/PAGE.md
#
#   ```sh         every line is a command (blank lines and '# ...' skipped);
#                 it must exit 0, or N when the line ends with "# exit N"
#   ```console    "$ COMMAND" lines are run the same way; the lines after
#                 one are fragments its output (stdout + stderr) must
#                 contain, each somewhere ("..." lines are skipped)
#   other fences  (```text, ```yaml, ...) are shown, never run
#
# Commands run in a scratch folder (build/doctest/PAGE) that links the
# repository's scenarios/, docs/ and tests/, with dlsim first on PATH, so a
# page can write files as a reader would.  Only a few stable fragments
# are checked on purpose: layouts may change, the facts must not.
# Ends with "doctest: N passed, N failed".
DLSIM=$(cd "$(dirname "${1:-build/release/dlsim}")" && pwd)/$(basename "${1:-build/release/dlsim}")
PAGE=${2:-docs/tutorial.md}
ROOT=$(pwd)
W=$ROOT/build/doctest/$(basename "$PAGE" .md)
rm -rf "$W" && mkdir -p "$W/bin" || exit 1
ln -s "$ROOT/scenarios" "$ROOT/docs" "$ROOT/tests" "$W/"
ln -s "$DLSIM" "$W/bin/dlsim"
pass=0
fail=0

awk '
/^```/ {
	if (fence) { fence = 0; next }
	fence = 1; kind = substr($0, 4); sub(/[ \t].*/, "", kind); next
}
fence && kind == "sh" && $0 !~ /^[ \t]*(#|$)/ { print "CMD\t" NR "\t" $0; next }
fence && kind == "console" && /^\$ / { print "CMD\t" NR "\t" substr($0, 3); next }
fence && kind == "console" && $0 !~ /^[ \t]*(\.\.\.)?[ \t]*$/ { print "EXP\t" NR "\t" $0 }
' "$PAGE" > "$W/steps" || exit 1

cd "$W" || exit 1
PATH="$W/bin:$PATH"
export PATH NO_COLOR=1
n=0
while IFS='	' read -r kind line text; do
	if [ "$kind" = CMD ]; then
		n=$((n + 1))
		want=0
		case $text in *"# exit "[0-9]*) want=${text##*# exit }; want=${want%% *};; esac
		sh -c "$text" >"$W/out.$n" 2>&1
		rc=$?
		if [ "$rc" -eq "$want" ]; then pass=$((pass + 1)); else
			fail=$((fail + 1))
			echo "FAIL: $PAGE:$line: exit $rc, want $want: $text"
			sed 's/^/    /' "$W/out.$n" | head -8
		fi
	else
		frag=$(printf '%s' "$text" | sed 's/^[ \t]*//; s/[ \t]*$//')
		if grep -qF -- "$frag" "$W/out.$n"; then pass=$((pass + 1)); else
			fail=$((fail + 1))
			echo "FAIL: $PAGE:$line: the output lacks: $frag"
			sed 's/^/    /' "$W/out.$n" | head -12
		fi
	fi
done < "$W/steps"
echo "doctest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
