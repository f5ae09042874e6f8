#!/bin/sh
# make install and make uninstall as a user and a packager run them, into
# a temporary folder under build/:
#
#   * install PREFIX=P: the files and links expected, nothing else, with
#     their modes; bin/dlsim is the release build; no @PLACEHOLDER@ left;
#   * the installed dlsim --help names P/share/doc/dlsim, and every file a
#     help text names (docs/..., scenarios/...) is there; the man page
#     passes tests/man.sh and every path its FILES section names exists;
#   * the installed embed.c, built outside the tree with `pkg-config
#     --cflags --libs dlsim` (linked to libdlsim.so) and with --static
#     (libdlsim.a), runs Dario's case: the miss by 3;
#   * Python from the install: the acceptance one-liner, then
#     tests/test_python.py on the installed package and library;
#   * uninstall: no file or link left, no dlsim folder, a foreign file
#     kept;
#   * install and uninstall with DESTDIR (PREFIX=/opt/dlsim): the same
#     relative files, DESTDIR written into none of them, nothing left;
#   * the dependency step: never run for install when everything is
#     there, nor for uninstall, clean or check-layers even when pkg-config
#     fails (apt-get and sudo are shims that record a call).
#
#   MAKE=make PYTHON=python3 sh tests/install.sh
#
# Ends with "install: N passed, N failed".
MAKE=${MAKE:-make}
PYTHON=${PYTHON:-python3}
CC=${CC:-cc}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
mkdir -p build || exit 1
T=$(mktemp -d "$(pwd)/build/install.XXXXXX") || exit 1
P=$T/prefix
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

V=$(sed -n 's/^#define DLSIM_VERSION "\(.*\)"/\1/p' include/dlsim.h)
M=${V%%.*}
PYDIR=lib/python3/dist-packages

# apt-get and sudo that only say they were called
mkdir -p "$T/shim"
for c in apt-get sudo; do
	printf '#!/bin/sh\necho "%s $*" >> "%s/apt-called"\nexit 1\n' "$c" "$T" > "$T/shim/$c"
	chmod +x "$T/shim/$c"
done
SHIMPATH=$T/shim:$PATH
apt_not_called() {
	if [ -e "$T/apt-called" ]; then
		bad "$1 ran the dependency step: $(cat "$T/apt-called")"
		rm -f "$T/apt-called"
	else ok; fi
}

# the files an install under a prefix holds, relative to it
expected() {
	{
		echo bin/dlsim
		echo include/dlsim.h
		echo lib/libdlsim.a
		echo lib/libdlsim.so
		echo "lib/libdlsim.so.$M"
		echo "lib/libdlsim.so.$V"
		echo lib/pkgconfig/dlsim.pc
		for f in python/dlsim/*.py; do echo "$PYDIR/dlsim/${f##*/}"; done
		echo "$PYDIR/dlsim/_installed.py"
		echo share/bash-completion/completions/dlsim
		for f in scenarios/examples/*.yaml examples/embed.c; do
			echo "share/dlsim/examples/${f##*/}"
		done
		for f in README.md scenarios/README.md docs/*.md docs/*.png \
			 docs/examples/* docs/experiments/*; do
			echo "share/doc/dlsim/$f"
		done
		echo share/doc/dlsim/scenarios/examples
		echo share/man/man1/dlsim.1
	} | sort
}
installed() { (cd "$1" && find . ! -type d | sed 's|^\./||' | sort); }

# --- install PREFIX=P --------------------------------------------------------
mkdir -p "$P/lib" && echo keep > "$P/lib/foreign.txt"
if PATH=$SHIMPATH $MAKE --no-print-directory install PREFIX="$P" LDCONFIG=true \
	> "$T/install.log" 2>&1; then ok; else
	bad "make install PREFIX=$P failed:"; tail -20 "$T/install.log"
	echo "install: $pass passed, $fail failed"; exit 1
fi
apt_not_called "make install (everything installed)"
expected > "$T/want"
echo lib/foreign.txt >> "$T/want" && sort -o "$T/want" "$T/want"
installed "$P" > "$T/got"
if cmp -s "$T/want" "$T/got"; then ok; else
	bad "installed files (< expected, > installed):"; diff "$T/want" "$T/got" | grep '^[<>]'
fi
cmp -s "$P/bin/dlsim" build/release/dlsim && ok || bad "bin/dlsim is not build/release/dlsim"
grep -q -- '-O2' build/release/gen/cflags && ok || bad "build/release is not built with -O2"
[ "$(readlink "$P/lib/libdlsim.so.$M")" = "libdlsim.so.$V" ] && ok || bad "lib/libdlsim.so.$M link"
[ "$(readlink "$P/lib/libdlsim.so")" = "libdlsim.so.$M" ] && ok || bad "lib/libdlsim.so link"
[ -f "$P/share/doc/dlsim/scenarios/examples/dario.yaml" ] && ok ||
	bad "share/doc/dlsim/scenarios/examples does not lead to the examples"
for f in bin/dlsim "lib/libdlsim.so.$V"; do
	[ "$(stat -c %a "$P/$f")" = 755 ] && ok || bad "$f: mode $(stat -c %a "$P/$f")"
done
n644=$(cd "$P" && find . -type f ! -name 'libdlsim.so.*' ! -path ./bin/dlsim ! -perm 644 | head -3)
[ -z "$n644" ] && ok || bad "files not 644: $n644"
left=$(grep -rl '@[A-Z]*@' "$P/lib/pkgconfig" "$P/share/man" "$P/$PYDIR/dlsim" 2>/dev/null)
[ -z "$left" ] && ok || bad "placeholders left in $left"

# --- what the installed help and man page point at --------------------------
"$P/bin/dlsim" --help > "$T/help.main"
grep -qxF "$P/share/doc/dlsim" "$T/help.main" && ok ||
	bad "the installed dlsim --help does not name $P/share/doc/dlsim"
build/release/dlsim --help | grep -q share/doc/dlsim && bad "dlsim --help in the tree names a doc folder" || ok
cmds=$(awk '/^Commands:/ { f = 1; next } f && /^$/ { exit } f && /^  [a-z]/ { print $1 }' \
	"$T/help.main" | sort -u)
for c in $cmds; do "$P/bin/dlsim" "$c" --help > "$T/help.$c" 2>&1; done
"$P/bin/dlsim" plot dbf --help > "$T/help.plot-dbf" 2>&1
"$P/bin/dlsim" plot x.csv --help > "$T/help.plot-csv" 2>&1
paths=$(cat "$T"/help.* | grep -oE '(docs|scenarios)/[A-Za-z0-9_./-]*[A-Za-z0-9]' | sort -u)
[ "$(echo "$paths" | grep -c .)" -ge 8 ] && ok || bad "only $(echo "$paths" | grep -c .) paths found in the help texts"
for p in $paths; do
	[ -e "$P/share/doc/dlsim/$p" ] && ok || bad "help names $p: not in $P/share/doc/dlsim"
done
if sh tests/man.sh "$P/bin/dlsim" "$P/share/man/man1/dlsim.1" > "$T/man.log" 2>&1; then ok; else
	bad "tests/man.sh on the installed page:"; cat "$T/man.log"
fi
groff -man -Tascii -P-cbou -rLL=250n "$P/share/man/man1/dlsim.1" 2>/dev/null |
	awk '/^FILES/ { f = 1; next } /^[A-Z]/ { f = 0 } f' |
	grep -oE "$P/[A-Za-z0-9_./-]*[A-Za-z0-9]" | sort -u > "$T/man-files"
[ "$(grep -c '' "$T/man-files")" -ge 5 ] && ok || bad "the man page's FILES names fewer than 5 paths"
while read -r f; do [ -e "$f" ] && ok || bad "man page FILES: $f does not exist"; done < "$T/man-files"

# --- embed.c outside the tree, with pkg-config ------------------------------
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
[ "$($PKG_CONFIG --modversion dlsim)" = "$V" ] && ok || bad "pkg-config --modversion dlsim"
mkdir -p "$T/embed" && cp "$P/share/dlsim/examples/embed.c" "$T/embed/"
printf '%s\n' 'miss: P2 job 0, deadline 5, by 3' \
	'dario-4-10-5: 2 jobs, 1 missed, max tardiness 3' \
	'verdict: NOT schedulable (exact test pdc)' > "$T/embed/want"
DARIO=$P/share/dlsim/examples/dario.yaml
(
	cd "$T/embed" || exit 1
	# shellcheck disable=SC2046
	$CC -std=c11 -Wall -Wextra -Werror -o embed embed.c \
		$($PKG_CONFIG --cflags --libs dlsim) 2> cc.err || exit 2
	$CC -std=c11 -Wall -Wextra -Werror -o embed-static embed.c \
		$($PKG_CONFIG --static --cflags --libs dlsim | sed 's/-ldlsim/-l:libdlsim.a/') \
		2> cc-static.err || exit 3
) ; rc=$?
if [ $rc -eq 0 ]; then
	ok
	readelf -d "$T/embed/embed" | grep -q "NEEDED.*\[libdlsim.so.$M\]" && ok ||
		bad "embed is not linked to libdlsim.so.$M"
	readelf -d "$T/embed/embed-static" | grep -q 'NEEDED.*libdlsim' &&
		bad "embed-static needs libdlsim.so" || ok
	LD_LIBRARY_PATH=$P/lib "$T/embed/embed" "$DARIO" > "$T/embed/out" 2>&1 &&
		cmp -s "$T/embed/want" "$T/embed/out" && ok ||
		{ bad "embed (shared) on Dario's case:"; cat "$T/embed/out"; }
	"$T/embed/embed-static" "$DARIO" > "$T/embed/out-static" 2>&1 &&
		cmp -s "$T/embed/want" "$T/embed/out-static" && ok ||
		{ bad "embed (static) on Dario's case:"; cat "$T/embed/out-static"; }
else
	bad "embed.c does not build with pkg-config:"; cat "$T/embed/cc.err" "$T/embed/cc-static.err" 2>/dev/null
fi
unset PKG_CONFIG_PATH

# --- Python from the install ---------------------------------------------------
out=$(cd "$T" && env -u DLSIM_LIBRARY PYTHONPATH="$P/$PYDIR" "$PYTHON" -c \
	"import dlsim; a = dlsim.analyze('$DARIO'); print(a['simulation']['first_miss']['task'], a['simulation']['max_tardiness'])" 2>&1)
[ "$out" = "P2 3" ] && ok || bad "python3 -c 'import dlsim; ...' from the install: $out"
if env -u DLSIM_LIBRARY PYTHONPATH="$P/$PYDIR" DLSIM_TEST_PREFIX="$P" PYTHONDONTWRITEBYTECODE=1 \
	"$PYTHON" tests/test_python.py "$P/bin/dlsim" > "$T/python.log" 2>&1; then ok; else
	bad "tests/test_python.py against the install:"; tail -30 "$T/python.log"
fi

# --- uninstall ------------------------------------------------------------------
if PATH=$SHIMPATH $MAKE --no-print-directory uninstall PREFIX="$P" LDCONFIG=true \
	PKG_CONFIG=false > "$T/uninstall.log" 2>&1; then ok; else
	bad "make uninstall failed:"; tail -20 "$T/uninstall.log"
fi
apt_not_called "make uninstall (pkg-config failing)"
left=$(installed "$P" | grep -vx lib/foreign.txt)
[ -z "$left" ] && ok || bad "left after uninstall: $left"
[ -f "$P/lib/foreign.txt" ] && ok || bad "uninstall removed a file it did not install"
left=$(find "$P" -name '*dlsim*')
[ -z "$left" ] && ok || bad "dlsim folders left after uninstall: $left"

# --- DESTDIR -----------------------------------------------------------------------
D=$T/stage
PATH=$SHIMPATH $MAKE --no-print-directory install DESTDIR="$D" PREFIX=/opt/dlsim \
	LDCONFIG=true > "$T/install-destdir.log" 2>&1 && ok ||
	{ bad "make install DESTDIR=$D failed:"; tail -20 "$T/install-destdir.log"; }
apt_not_called "make install DESTDIR (everything installed)"
[ -d "$D/opt/dlsim" ] && installed "$D/opt/dlsim" > "$T/got-destdir"
expected > "$T/want"
cmp -s "$T/want" "$T/got-destdir" && ok || bad "DESTDIR install: other files than PREFIX's"
found=$(grep -rlF "$D" "$D" 2>/dev/null)
[ -z "$found" ] && ok || bad "DESTDIR written into $found"
grep -qx 'prefix=/opt/dlsim' "$D/opt/dlsim/lib/pkgconfig/dlsim.pc" && ok || bad "dlsim.pc prefix"
grep -qF "\"/opt/dlsim/lib/libdlsim.so.$M\"" "$D/opt/dlsim/$PYDIR/dlsim/_installed.py" && ok ||
	bad "_installed.py does not name /opt/dlsim/lib/libdlsim.so.$M"
PATH=$SHIMPATH $MAKE --no-print-directory uninstall DESTDIR="$D" PREFIX=/opt/dlsim \
	LDCONFIG=true > "$T/uninstall-destdir.log" 2>&1 && ok || bad "make uninstall DESTDIR failed"
left=$(installed "$D")
[ -z "$left" ] && ok || bad "left after uninstall DESTDIR: $left"

# --- goals that need no dependency ----------------------------------------------------
for g in check-layers "-n clean"; do
	# shellcheck disable=SC2086
	PATH=$SHIMPATH $MAKE --no-print-directory $g PKG_CONFIG=false > "$T/goal.log" 2>&1
	apt_not_called "make $g (pkg-config failing)"
done

echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && rm -rf "$T"
[ "$fail" -eq 0 ]
