#!/bin/sh
# Write the man page dlsim(1) from a template and the help texts of a
# built dlsim, so that the page lists every command and option the binary
# does.  Usage (the Makefile's; make install then fills in @DOCDIR@ & co.):
#
#   sh scripts/gen-man.sh PATH/TO/dlsim docs/dlsim.1.in > dlsim.1.in
#
# The template's line @HELP@ becomes `dlsim --help` (without its first
# line, which is the NAME section), @COMMANDS@ one subsection "dlsim CMD"
# per command of its Commands: list with `dlsim CMD --help`, followed by
# the ones a help text points to (`dlsim plot dbf --help`), and @VERSION@
# the version `dlsim --version` prints; the template's comments are left
# out.
#
# A help text becomes roff by its layout: "Usage:" blocks and indented
# lines that are not items stay as they are (.nf); an indented line whose
# term ("--until T", "run SCENARIO.yaml") is followed by its description
# after two spaces (or at the column the other items of its block use) is
# an item (.TP), and deeper lines continue it; other lines are filled
# text.  Option names are written with \- so that they copy as typed.
set -eu
DLSIM=$1
TEMPLATE=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

"$DLSIM" --help > "$T/main"
VERSION=$("$DLSIM" --version | awk '{ print $2; exit }')
commands=$(awk '/^Commands:/ { f = 1; next } f && /^$/ { exit }
	f && /^  [a-z]/ { print $1 }' "$T/main" | awk '$0 != "help" && !seen[$0]++')

# help2roff FILE: one help text as roff on standard output.
help2roff() {
	awk '
	function indent(s) { match(s, /^ */); return RLENGTH }
	# Options (a dash at a word start, followed by a dash or a letter)
	# get \- for each dash, so that they copy as typed and never break at
	# a line end; paths with a dash are never broken either; backslashes
	# and a leading control character are escaped.
	function esc(s,    out, i, c, p, w) {
		gsub(/\\/, "\\e", s)
		out = ""; p = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "-" && p !~ /[A-Za-z0-9_.-]/ &&
			    substr(s, i + 1, 1) ~ /[-A-Za-z]/) {
				while (substr(s, i, 1) ~ /[-A-Za-z0-9]/) {
					c = substr(s, i++, 1)
					out = out (c == "-" ? "\\-" : c)
				}
				i--; p = "-"; continue
			}
			if ((i == 1 || p ~ /[ (]/) && c != " ") {
				w = substr(s, i); sub(/ .*/, "", w)
				if (w ~ /\// && w ~ /-/)        # a path: never broken
					out = out "\\%"
			}
			out = out c; p = c
		}
		if (out ~ /^[.\047]/)
			out = "\\&" out
		return out
	}
	# The term of an item: options bold, other lower-case words bold,
	# arguments italic.
	function term(s,    n, w, i, out, sep) {
		n = split(s, w, / /); out = ""
		for (i = 1; i <= n; i++) {
			sep = ""
			if (w[i] ~ /,$/) { sep = ","; w[i] = substr(w[i], 1, length(w[i]) - 1) }
			if (w[i] ~ /^-/ || w[i] ~ /^[a-z][a-z|-]*$/)
				out = out (i > 1 ? " " : "") "\\fB" esc(w[i]) "\\fR" sep
			else
				out = out (i > 1 ? " " : "") "\\fI" esc(w[i]) "\\fR" sep
		}
		return out
	}
	# The column (1-based) where the description of an indented line
	# starts after a gap of two or more spaces (0: no gap).
	function gapcol(s,    rest, m) {
		rest = substr(s, indent(s) + 1)
		if (!match(rest, /[^ ]  +[^ ]/))
			return 0
		m = RSTART + RLENGTH - 1
		return indent(s) + m
	}
	{ line[++n] = $0 }
	END {
		# The description column of each block of indented lines: the one
		# most of its two-space gaps agree on.
		for (i = 1; i <= n; i++) {
			if (line[i] !~ /^  /) { blk[i] = 0; continue }
			if (i == 1 || line[i - 1] !~ /^  /) nb++
			blk[i] = nb
			if (indent(line[i]) == 2 && (c = gapcol(line[i])) > 0)
				votes[nb, c]++
		}
		for (k in votes) {
			split(k, kk, SUBSEP)
			if (votes[k] > best[kk[1]]) { best[kk[1]] = votes[k]; col[kk[1]] = kk[2] }
		}
		mode = ""; pp = 1
		for (i = 1; i <= n; i++) {
			s = line[i]; ind = indent(s)
			if (s ~ /^ *$/) {
				if (mode == "usage") print ".fi"
				if (mode == "pre") { print ".fi"; print ".RE" }
				mode = ""; pp = 1; continue
			}
			if (s ~ /^Usage:/ || (mode == "usage" && ind > 0)) {
				if (mode != "usage") {
					if (mode == "pre") { print ".fi"; print ".RE" }
					print ".PP"; print ".nf"; mode = "usage"
				}
				print esc(s); continue
			}
			if (ind == 0) {
				if (mode == "usage") print ".fi"
				if (mode == "pre") { print ".fi"; print ".RE" }
				if (mode != "" || pp) print ".PP"
				mode = ""; pp = 0
				print esc(s); continue
			}
			if (mode == "item" && ind > 2) {       # continues the item
				print esc(substr(s, ind + 1)); continue
			}
			# an item: a term, then its description
			c = ind == 2 ? gapcol(s) : 0
			if (c == 0 && ind == 2 && col[blk[i]] > 0 &&
			    substr(s, col[blk[i]] - 1, 1) == " " &&
			    substr(s, col[blk[i]], 1) != " ")
				c = col[blk[i]]
			if (c > 0) {
				if (mode == "usage") print ".fi"
				if (mode == "pre") { print ".fi"; print ".RE" }
				t = substr(s, 3, c - 3); sub(/ +$/, "", t)
				print ".TP"; print term(t); print esc(substr(s, c))
				mode = "item"; pp = 0; continue
			}
			if (mode != "pre") {
				if (mode == "usage") print ".fi"
				print ".PP"; print ".RS 4"; print ".nf"; mode = "pre"; pp = 0
			}
			print esc(substr(s, 3))
		}
		if (mode == "usage") print ".fi"
		if (mode == "pre") { print ".fi"; print ".RE" }
	}' "$1"
}

# Each command's help, then the helps it points to ("dlsim plot dbf
# --help"), in order; a text seen before is not repeated.
: > "$T/commands"
for c in $commands; do
	"$DLSIM" "$c" --help > "$T/help" 2>&1 ||
		{ echo "gen-man: dlsim $c --help failed" >&2; exit 1; }
	subs=$(tr '\n' ' ' < "$T/help" | tr -s ' ' |
		grep -o "dlsim $c [A-Za-z0-9.]* --help" | awk '!seen[$0]++' |
		awk '{ print $3 }') || true
	for inv in "" $subs; do
		if [ -n "$inv" ]; then
			"$DLSIM" "$c" "$inv" --help > "$T/help" 2>&1 ||
				{ echo "gen-man: dlsim $c $inv --help failed" >&2; exit 1; }
			title="dlsim $c $inv"
		else
			title="dlsim $c"
		fi
		sum=$(cksum < "$T/help")
		grep -qxF "$sum" "$T/seen" 2>/dev/null && continue
		echo "$sum" >> "$T/seen"
		printf '.SS "%s"\n' "$title" >> "$T/commands"
		help2roff "$T/help" >> "$T/commands"
	done
done
tail -n +2 "$T/main" > "$T/main-body"
help2roff "$T/main-body" > "$T/main.roff"

awk -v version="$VERSION" -v main="$T/main.roff" -v cmds="$T/commands" '
	NR == 1 { print ".\\\" Generated by scripts/gen-man.sh from docs/dlsim.1.in and the help"
		  print ".\\\" texts of the dlsim command (cli/): edit those, not this page." }
	/^\.\\"/ { next }
	$0 == "@HELP@" { while ((getline l < main) > 0) print l; next }
	$0 == "@COMMANDS@" { while ((getline l < cmds) > 0) print l; next }
	{ gsub(/@VERSION@/, version); print }' "$TEMPLATE"
