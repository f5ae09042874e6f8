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
# A command line ending in a backslash goes on on the next line (as in
# sh: the backslash and the newline are dropped; in a console block the
# next line may start with the "> " prompt), so a loop is written
#   for m in 2 4; do \
#     dlsim ...; \
#   done
# Each command runs in its own sh, its standard input /dev/null (an
# example never waits on a terminal), in a scratch folder
# (build/doctest/PAGE) that links the repository's scenarios/, docs/,
# tests/ and scripts/, with dlsim first on PATH, so a page can write files
# and call scripts/... as a reader at the top of the source tree would.
# Only a few stable fragments are checked on purpose: layouts may change,
# the facts must not.  Ends with "doctest: N passed, N failed".
DLSIM=$(cd "$(dirname "${1:-build/release/dlsim}")" && pwd)/$(basename "${1:-build/release/dlsim}")
PAGE=${2:-docs/tutorial.md}
ROOT=$(pwd)
W=$ROOT/build/doctest/$(basename "$PAGE" .md)
rm -rf "$W" && mkdir -p "$W/bin" || exit 1
ln -s "$ROOT/scenarios" "$ROOT/docs" "$ROOT/tests" "$ROOT/scripts" "$W/"
ln -s "$DLSIM" "$W/bin/dlsim"
pass=0
fail=0

awk '
# a command continued: this line (a "> " prompt dropped) joins it; a
# fence ends it
cont && /^```/ { cont = 0; print "CMD\t" at "\t" cmd }
cont {
	line = $0
	if (kind == "console")
		sub(/^> /, "", line)
	cmd = cmd line
	if (cmd ~ /\\$/) { sub(/\\$/, "", cmd); next }
	cont = 0; print "CMD\t" at "\t" cmd; next
}
/^```/ {
	if (fence) { fence = 0; next }
	fence = 1; kind = substr($0, 4); sub(/[ \t].*/, "", kind); next
}
fence && (kind == "sh" && $0 !~ /^[ \t]*(#|$)/ || kind == "console" && /^\$ /) {
	cmd = kind == "sh" ? $0 : substr($0, 3); at = NR
	if (cmd ~ /\\$/) { sub(/\\$/, "", cmd); cont = 1; next }
	print "CMD\t" at "\t" cmd; next
}
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
		sh -c "$text" </dev/null >"$W/out.$n" 2>&1
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
