#!/bin/sh
# libdlsim.so as an embedder sees it: the file, its soname and links carry
# DLSIM_VERSION of include/dlsim.h (and DLSIM_VERSION_NUMBER agrees with
# it); the library exports exactly the functions the header declares
# (nothing internal, nothing missing); it needs no text relocation; a
# program built on the header alone links it and reads the version, which
# dlsim --version prints too.
#
#   sh tests/shlib.sh BUILDDIR          (e.g. build/release)
#
# Writes only under build/.  Ends with "shlib: N passed, N failed".
B=${1:-build/release}
CC=${CC:-cc}
T=build/shlib-tests
rm -rf "$T" && mkdir -p "$T" || exit 1
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

V=$(sed -n 's/^#define DLSIM_VERSION "\(.*\)"/\1/p' include/dlsim.h)
N=$(sed -n 's/^#define DLSIM_VERSION_NUMBER \([0-9]*\).*/\1/p' include/dlsim.h)
major=${V%%.*}
rest=${V#*.}
minor=${rest%%.*}
patch=${rest#*.}
echo "$V" | grep -qE '^[0-9]+\.[0-9]+\.[0-9]+$' && ok || bad "DLSIM_VERSION '$V' is not X.Y.Z"
[ "$N" = $((major * 1000000 + minor * 1000 + patch)) ] && ok ||
	bad "DLSIM_VERSION_NUMBER $N does not match DLSIM_VERSION $V"

SO=$B/libdlsim.so.$V
[ -f "$SO" ] && [ ! -L "$SO" ] && ok || bad "$SO missing"
[ "$(readlink "$B/libdlsim.so.$major")" = "libdlsim.so.$V" ] && ok ||
	bad "$B/libdlsim.so.$major is not a link to libdlsim.so.$V"
[ "$(readlink "$B/libdlsim.so")" = "libdlsim.so.$major" ] && ok ||
	bad "$B/libdlsim.so is not a link to libdlsim.so.$major"
soname=$(readelf -d "$SO" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libdlsim.so.$major" ] && ok || bad "soname '$soname', want libdlsim.so.$major"
readelf -d "$SO" | grep -q TEXTREL && bad "$SO has text relocations" || ok

# exported = declared
"$CC" -E -P include/dlsim.h | grep -oE '\bdlsim_[a-z0-9_]+ *\(' | tr -d ' (' |
	sort -u > "$T/declared"
nm -D --defined-only "$SO" | awk '{ print $NF }' | sort -u > "$T/exported"
[ "$(grep -c '' "$T/declared")" -ge 50 ] && ok || bad "fewer than 50 functions found in include/dlsim.h"
if cmp -s "$T/declared" "$T/exported"; then ok; else
	bad "libdlsim.so exports other than include/dlsim.h declares (< header, > library):"
	diff "$T/declared" "$T/exported" | grep '^[<>]' | head -20 | sed 's/^/    /'
fi

# a program on the header alone, linked against the shared library
cat > "$T/v.c" <<'EOF'
#include <dlsim.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
	printf("%s %d\n", dlsim_libversion(), dlsim_libversion_number());
	return strcmp(dlsim_libversion(), DLSIM_VERSION) != 0;
}
EOF
if "$CC" -std=c11 -Wall -Werror -Iinclude -o "$T/v" "$T/v.c" -L"$B" -ldlsim \
	-Wl,-rpath,"$(cd "$B" && pwd)" $LDFLAGS 2> "$T/cc.err"; then
	out=$("$T/v") && [ "$out" = "$V $N" ] && ok || bad "dlsim_libversion() says '$out', want '$V $N'"
	readelf -d "$T/v" | grep -q "NEEDED.*\[libdlsim.so.$major\]" && ok ||
		bad "the program does not need libdlsim.so.$major"
else
	bad "a program on <dlsim.h> does not link with -ldlsim: $(head -5 "$T/cc.err")"
fi
"$B/dlsim" --version | grep -q "^dlsim $V\( \|$\)" && ok || bad "dlsim --version is not $V"

echo "shlib: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
