#!/bin/sh
# Hostile inputs: a few hundred small scenario files generated into a
# temporary folder under build/ (truncated examples, binary noise, alias
# and nesting bombs, huge and odd numbers, unicode, duplicate keys,
# CRLF, BOM, UTF-16, NUL, control characters, absurd sizes), each run
# through `dlsim validate` and `dlsim analyze --until 1000`.  Every run
# must exit 0 or 2 within 10 s and 2 GiB of address space (ASan builds:
# no address limit, sanitizers need the space).  Usage:
# sh tests/hostile.sh PATH/TO/dlsim [--keep].  Ends with "N passed, N failed".
DLSIM=${1:-build/release/dlsim}
EX=scenarios/examples
mkdir -p build
H=$(mktemp -d "$(pwd)/build/hostile.XXXXXX")
[ "$2" = --keep ] || trap 'rm -rf "$H"' EXIT
pass=0
fail=0
# put NAME: stdin into the next numbered file (runs in a pipeline's
# subshell, so the number comes from the folder, not a variable)
put() { k=$(ls "$H" | wc -l); cat > "$H/$(printf %04d $((k + 1)))-$1.yaml"; }
task() { printf 'format: 1\ntasks:\n  - { name: %s, C: %s, T: %s%s }\n' "$1" "$2" "$3" "$4"; }

# --- truncated examples: every example cut at 8 places -------------------
for f in $EX/*.yaml; do
	size=$(wc -c < "$f")
	for k in 1 2 3 4 5 6 7 8; do
		head -c $((size * k / 9)) "$f" | put "trunc-$(basename "$f" .yaml)-$k"
	done
done
# --- binary noise (deterministic) -------------------------------------------
for s in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
	awk -v s=$s 'BEGIN { srand(s); for (i = 0; i < 300 * s; i++)
		printf "%c", int(rand() * 256) }' | put "binary-$s"
done
printf 'format: 1\n\000tasks: []\n' | put nul-byte
printf '\000\000\000\000' | put nul-only
head -c 4096 /dev/zero | put zeros
# --- bombs -------------------------------------------------------------------
{
	echo 'a: &a ["x","x","x","x","x","x","x","x","x","x"]'
	p=a; for c in b c d e f g h i; do
		printf '%s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n' $c $c $p $p $p $p $p $p $p $p $p $p; p=$c
	done
} | put billion-laughs
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "["; for (i = 0; i < 100000; i++) printf "]"; print "" }' | put deep-seq
awk 'BEGIN { for (i = 0; i < 50000; i++) printf "{a: "; printf "1"; for (i = 0; i < 50000; i++) printf "}"; print "" }' | put deep-map
awk 'BEGIN { printf "format: 1\ntasks:\n"; for (i = 0; i < 20000; i++) printf "  - [[[[[[[[1]]]]]]]]\n" }' | put deep-tasks
awk 'BEGIN { printf "format: 1\nname: "; for (i = 0; i < 200000; i++) printf "x"; print "\ntasks: [{name: A, C: 1, T: 2}]" }' | put long-name
awk 'BEGIN { printf "format: 1\ntasks:\n  - { name: A, C: 1, T: 2, releases: ["; for (i = 0; i < 100000; i++) printf "%d, ", i * 2; print "1] }" }' | put many-releases
# --- numbers -----------------------------------------------------------------
for v in 0 -1 -0 1.5 1e3 1e400 0x10 010 +3 inf -inf .nan NaN 9223372036854775807 \
	 9223372036854775808 99999999999999999999999999 -9223372036854775808 \
	 '"4"' "'4'" 4ms 4zs '4 ms' '[4]' '{a: 4}' '~' null true '""' 1_000 \
	 18446744073709551616 4.0000000000000000001 1e-400 0.0001ns; do
	task A "$v" 10 | put "num-C"
	task A 1 "$v" | put "num-T"
	task A 1 10 ", D: $v" | put "num-D"
	printf 'format: 1\nplatform: { cpus: %s }\ntasks: [{name: A, C: 1, T: 2}]\n' "$v" | put "num-cpus"
done
printf 'format: 1\ntime_unit: s\nhorizon: 292y\ntasks: [{name: A, C: 1ns, T: 1ns}]\n' | put horizon-years
printf 'format: 1\ntime_unit: s\ntasks: [{name: A, C: 9223372036s, T: 9223372036s}]\n' | put overflow-s
printf 'format: 1\nplatform: { cpus: 65536 }\ntasks: [{name: A, C: 1, T: 2}]\n' | put cpus-65536
printf 'format: 1\nplatform: { cpus: 4294967297 }\ntasks: [{name: A, C: 1, T: 2}]\n' | put cpus-2e32
printf 'format: 1\ntasks:\n  - { name: A, C: 1, T: 1 }\n  - { name: B, C: 1, T: 1 }\n' | put overload
printf 'format: 1\ntasks: [{name: A, C: 1, T: 3}, {name: B, C: 1, T: 7}, {name: C, C: 1, T: 11}, {name: D, C: 1, T: 9999991}, {name: E, C: 1, T: 9999973}]\n' | put hyperperiod
# --- unicode, control characters, NUL ------------------------------------------
for name in 'τ1' '"\u202eevil"' '"e\u0301"' '"\u200b"' '"😀"' '"\uFFFF"' '"\ud800"' \
	    '"A\0B"' '"\x00"' '"A\tB"' '"A\nB"' '"\e[2J"' '"\x7f"' '""' "''" '" "'; do
	task "$name" 1 4 | put unicode
done
printf 'format: 1\ntasks: [{name: "\303\050", C: 1, T: 4}]\n' | put bad-utf8
printf 'format: 1\ntasks: [{name: \300\200, C: 1, T: 4}]\n' | put overlong-utf8
printf 'format: 1\ntasks: [{name: A, C: 1, T: 4}]\n' | awk '{ printf "%s\r\n", $0 }' | put crlf
{ printf '\357\273\277'; cat $EX/dario.yaml; } | put bom
for f in dario seed2 cbs-isolation; do
	iconv -f UTF-8 -t UTF-16 $EX/$f.yaml 2>/dev/null | put "utf16-$f"
	iconv -f UTF-8 -t UTF-16BE $EX/$f.yaml 2>/dev/null | put "utf16be-$f"
	iconv -f UTF-8 -t UTF-32 $EX/$f.yaml 2>/dev/null | put "utf32-$f"
done
# --- structure -------------------------------------------------------------------
printf 'format: 1\ntasks: [{name: A, C: 1, C: 2, T: 4}]\n' | put dup-key
printf 'format: 1\ntasks: [{name: A, C: 1, T: 4}]\ntasks: [{name: B, C: 1, T: 4}]\n' | put dup-tasks
printf 'format: 1\ntasks: [{name: A, C: 1, T: 4}, {name: A, C: 1, T: 4}]\n' | put dup-names
printf 'format: 1\n---\nformat: 1\n' | put two-docs
printf '%s\n' '---' | put empty-doc
: | put empty
printf 'format: 2\ntasks: []\n' | put format2
printf 'format: 1\ntasks: []\n' | put no-tasks
printf 'format: 1\ntasks: {}\n' | put tasks-map
printf 'format: 1\n? [a]\n: b\n' | put complex-key
printf '!!binary aGVsbG8=\n' | put binary-tag
printf 'format: !!float 1\ntasks: [{name: A, C: 1, T: 4}]\n' | put tag
printf 'format: 1\nscheduler: { policy: EDF }\ntasks: [{name: A, C: 1, T: 4}]\n' | put policy-case
printf 'format: 1\nscheduler: { policy: edf, placement: partitioned }\nplatform: { cpus: 2 }\ntasks: [{name: A, C: 3, T: 4}, {name: B, C: 3, T: 4}, {name: C, C: 3, T: 4}]\n' | put misfit
printf 'format: 1\nservers: [{name: S, budget: 1, period: 4}]\ntasks: [{name: A, C: 1, T: 4, server: T}]\n' | put bad-server
printf 'format: 1\ntasks: [{name: A, C: 1, T: 4, cpu: 7}]\n' | put bad-cpu
printf 'format: 1\ntasks: [{name: A, C: 1, T: 4, suspend: [{after: 9, for: 9}]}]\n' | put bad-suspend
awk 'BEGIN { printf "format: 1\nplatform: { cpus: 64 }\nscheduler: { policy: edf, placement: partitioned }\ntasks:\n";
	srand(3); for (i = 0; i < 20000; i++) { t = 100 + int(rand() * 10000); printf "  - { name: t%d, C: %d, D: %d, T: %d }\n", i, 1 + int(rand() * t / 400), t - int(rand() * t / 2), t } }' | put many-constrained

# --- run them all --------------------------------------------------------------------
LIMIT=
case $(ldd "$DLSIM" 2>/dev/null) in *libasan*) ;; *) LIMIT="ulimit -v 2097152;" ;; esac
for f in "$H"/*.yaml; do
	for cmd in "validate" "analyze --until 1000"; do
		sh -c "$LIMIT exec timeout 10 \"\$@\"" sh "$DLSIM" $cmd "$f" >"$H/out" 2>"$H/err"
		rc=$?
		case $rc in
		0|2) pass=$((pass + 1)) ;;
		*) fail=$((fail + 1)); echo "FAIL: exit $rc: dlsim $cmd $(basename "$f")"; head -3 "$H/err" ;;
		esac
	done
done
echo "hostile: $(ls "$H"/*.yaml | wc -l) files, $pass passed, $fail failed"
[ "$fail" -eq 0 ]
