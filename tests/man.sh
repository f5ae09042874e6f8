#!/bin/sh
# The man page against the binary it documents: every option a help text
# lists (`dlsim --help`, `dlsim COMMAND --help` for each command of the
# main help, and the helps those point to, such as `dlsim plot dbf
# --help`) is in the page under that command (DESCRIPTION for the main
# help, subsection "dlsim COMMAND" otherwise), and every option the page
# lists there is in that help; every command has its subsection and every
# subsection a command; groff, and man when installed, render the page
# without a warning.  Options are compared as rendered (groff -Tascii), so
# a dash that would not copy as typed fails too.
#
#   sh tests/man.sh PATH/TO/dlsim PATH/TO/dlsim.1
#
# Writes only under build/.  Ends with "man: N passed, N failed".
DLSIM=${1:-build/release/dlsim}
PAGE=${2:-build/release/dlsim.1.in}
T=build/man-tests
rm -rf "$T" && mkdir -p "$T/sec" || exit 1
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# options FILE: the option names in a text, one per line, sorted.
options() {
	grep -oE '(^|[^A-Za-z0-9_.-])--?[A-Za-z][A-Za-z0-9-]*' "$1" |
		sed 's/^[^-]*//' | sort -u
}

# The page as a reader sees it, one file per section or subsection.
groff -man -Tascii -P-cbou -rLL=250n "$PAGE" > "$T/page.txt" 2> "$T/groff.err"
[ -s "$T/page.txt" ] && ok || bad "groff rendered nothing"
awk -v d="$T/sec" '
	/^[A-Z][A-Z ]*$/ { f = d "/" $0; next }
	/^   dlsim / { sub(/^   /, ""); f = d "/" $0; next }
	f { print > f }' "$T/page.txt"

# compare NAME HELPFILE: the options of a help and of its man section.
compared=0
compare() {
	if [ ! -f "$T/sec/$1" ]; then
		bad "the man page has no section '$1'"
		return
	fi
	options "$2" > "$T/want"
	options "$T/sec/$1" > "$T/got"
	compared=$((compared + $(grep -c '' "$T/want")))
	if cmp -s "$T/want" "$T/got"; then ok; else
		bad "options of '$1' differ (< help, > man page):"
		diff "$T/want" "$T/got" | grep '^[<>]' | sed 's/^/    /'
	fi
	echo "$1" >> "$T/checked"
}

: > "$T/checked"
"$DLSIM" --help > "$T/main"
compare DESCRIPTION "$T/main"
commands=$(awk '/^Commands:/ { f = 1; next } f && /^$/ { exit }
	f && /^  [a-z]/ { print $1 }' "$T/main" | awk '$0 != "help" && !seen[$0]++')
[ "$(echo "$commands" | grep -c .)" -ge 10 ] && ok ||
	bad "dlsim --help lists fewer than 10 commands: $commands"
for c in $commands; do
	"$DLSIM" "$c" --help > "$T/help.$c" 2>&1 || bad "dlsim $c --help fails"
	cksum < "$T/help.$c" >> "$T/seen"
	compare "dlsim $c" "$T/help.$c"
	for sub in $(tr '\n' ' ' < "$T/help.$c" | tr -s ' ' |
		     grep -o "dlsim $c [A-Za-z0-9.]* --help" | awk '{ print $3 }' | sort -u); do
		"$DLSIM" "$c" "$sub" --help > "$T/help.$c.$sub" 2>&1 ||
			bad "dlsim $c $sub --help fails"
		grep -qxF "$(cksum < "$T/help.$c.$sub")" "$T/seen" && continue
		cksum < "$T/help.$c.$sub" >> "$T/seen"
		compare "dlsim $c $sub" "$T/help.$c.$sub"
	done
done
# every subsection is a command's
for f in "$T"/sec/dlsim*; do
	n=$(basename "$f")
	grep -qxF "$n" "$T/checked" && ok || bad "man page section '$n' is no command's help"
done
[ "$compared" -ge 100 ] && ok || bad "only $compared options compared: the extraction is broken"

# rendered without a warning
if [ -s "$T/groff.err" ]; then bad "groff -Tascii: $(head -3 "$T/groff.err")"; else ok; fi
groff -man -Tutf8 -ww -z "$PAGE" > "$T/warn" 2>&1
if [ -s "$T/warn" ]; then bad "groff -ww: $(head -5 "$T/warn")"; else ok; fi
if command -v man > /dev/null 2>&1; then
	MANWIDTH=80 man --warnings -l "$PAGE" > "$T/man.txt" 2> "$T/man.err" &&
	grep -q 'dlsim run' "$T/man.txt" && [ ! -s "$T/man.err" ] && ok ||
		bad "man -l: $(head -5 "$T/man.err")"
else
	echo "  (skipped: man not installed, man -l not run)"
fi
echo "man: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
