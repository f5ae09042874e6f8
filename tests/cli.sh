#!/bin/sh
# End-to-end checks of the dlsim command: exit codes, JSON contracts, CSV
# outputs, error messages.  Usage: sh tests/cli.sh PATH/TO/dlsim
# Writes only under build/cli-tests.  Ends with "N passed, N failed".
DLSIM=${1:-build/release/dlsim}
T=build/cli-tests
EX=scenarios/examples
rm -rf "$T" && mkdir -p "$T"
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect_rc RC CMD... : run, keep stdout/stderr in $T/out, $T/err
expect_rc() {
	want=$1; shift
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$rc" -eq "$want" ]; then ok; else
		bad "exit $rc, want $want: $*"; sed 's/^/    /' "$T/err" | head -5
	fi
}
# has FILE STRING : fixed-string match
has() {
	if grep -qF -- "$2" "$1"; then ok; else bad "$1 lacks: $2"; sed 's/^/    /' "$1" | head -20; fi
}
hasnt() {
	if grep -qF -- "$2" "$1"; then bad "$1 has: $2"; else ok; fi
}
scn() { printf '%s\n' "$2" > "$T/$1.yaml"; }

# --- Dario's case: analyze --json contract ---------------------------------
expect_rc 0 "$DLSIM" analyze $EX/dario.yaml --json
J=$T/out
has $J '"scenario": "dario-4-10-5"'
has $J '"cpus": 1'
has $J '"utilization": "4/5"'
has $J '"density": "8/5"'
has $J '{"name": "utilization", "kind": "necessary", "verdict": "accept", "analyses": "any"'
has $J '{"name": "density", "kind": "sufficient", "verdict": "reject", "analyses": "edf/1cpu"'
has $J '{"name": "pdc", "kind": "exact", "verdict": "reject", "witness": 5, "analyses": "edf/1cpu"'
has $J '{"name": "qpa", "kind": "exact", "verdict": "reject", "witness": 5, "analyses": "edf/1cpu"'
has $J '"horizon": 8'
has $J '"exact": true'
has $J '"jobs": 2'
has $J '"misses": 1'
has $J '"first_miss": {"task": "P2", "job": 0, "release": 0, "deadline": 5, "finish": 8}'
has $J '"tardiness": {"bound": 3, "bound_source": "exact", "observed": 3'
has $J '"contradictions": [], "left_out": []'
[ "$(grep -c '' $J)" -ge 1 ] && ok

expect_rc 0 "$DLSIM" analyze $EX/dario.yaml
has $T/out 'NOT schedulable'
has $T/out 'contradictions: none'

# --- seed 2: density 3/2 rejects, exact accepts, tau3 finishes at 6 --------
expect_rc 0 "$DLSIM" analyze $EX/seed2.yaml --json
has $T/out '"density": "3/2"'
has $T/out '{"name": "density", "kind": "sufficient", "verdict": "reject", "analyses": "edf/1cpu"'
has $T/out '{"name": "qpa", "kind": "exact", "verdict": "accept", "analyses": "edf/1cpu"'
has $T/out '{"name": "pdc", "kind": "exact", "verdict": "accept", "analyses": "edf/1cpu"'
has $T/out '"misses": 0'
has $T/out '"first_miss": null'
expect_rc 0 "$DLSIM" run $EX/seed2.yaml --jobs $T/seed2.csv
has $T/seed2.csv 'task,job,release,deadline,start,finish,response,tardiness,cpu'
has $T/seed2.csv 'T3,0,0,6,3,6,6,0,0'

# --- run: text, JSON, jobs CSV, logs ------------------------------------------
expect_rc 0 "$DLSIM" run $EX/dario.yaml
has $T/out 'P2'
has $T/out '1 deadline miss'
# table columns: task C D T released completed missed aborted max-resp mean-resp max-tard
[ "$(awk '($1 == "P1" || $1 == "P2") && NF > 10 { print $9, $11 }' $T/out | tr '\n' ' ')" = "4 0 8 3 " ] \
	&& ok || bad "run table max-resp/max-tard columns"
expect_rc 0 "$DLSIM" run $EX/dario.yaml --json
has $T/out '"misses_list": ['
has $T/out '{"task": "P2", "job": 0, "release": 0, "deadline": 5, "finish": 8, "tardiness": 3}'
has $T/out '"max_tardiness": 3'
has $T/out '"cpus": [{"cpu": 0, "busy": 8}]'
expect_rc 0 "$DLSIM" run $EX/dario.yaml --jobs $T/jobs.csv --log $T/ev.csv
has $T/jobs.csv 'task,job,release,deadline,start,finish,response,tardiness,cpu'
has $T/jobs.csv 'P1,0,0,5,0,4,4,0,0'
has $T/jobs.csv 'P2,0,0,5,4,8,8,3,0'
has $T/ev.csv 'time,event,cpu,task,job,value'
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --log $T/ev.jsonl
has $T/ev.jsonl '"type":"header"'
has $T/ev.jsonl '"event":"deadline_miss"'
expect_rc 4 "$DLSIM" run $EX/dario.yaml --fail-on-miss --quiet
expect_rc 0 "$DLSIM" run $EX/seed2.yaml --fail-on-miss --quiet
# --quiet (-q): run prints its two summary lines and nothing else
# (Dario's case: 2 jobs, P2 misses at 5 and ends at 8: tardiness 3);
# with the report on stderr (--jobs -) they go there; validate prints
# nothing for a valid file; experiment neither a summary nor a bar
for q in -q --quiet; do
	expect_rc 0 "$DLSIM" run $EX/dario.yaml $q
	printf '%s\n' 'dario-4-10-5: 2 tasks on 1 CPU, policy edf, horizon 8 tick (busy-period, exact)' \
		'2 jobs, 2 completed, 1 missed, max tardiness 3 tick' | cmp -s - $T/out && ok || bad "run $q: stdout is not the two summary lines: $(cat $T/out)"
	[ -s $T/err ] && bad "run $q: stderr: $(cat $T/err)" || ok
	expect_rc 0 "$DLSIM" validate $EX/dario.yaml $q
	[ -s $T/out ] || [ -s $T/err ] && bad "validate $q prints: $(cat $T/out $T/err)" || ok
done
expect_rc 0 "$DLSIM" run $EX/dario.yaml -q --jobs -
[ "$(head -n 1 $T/out)" = 'task,job,release,deadline,start,finish,response,tardiness,cpu' ] && ok || bad "run -q --jobs -: stdout is not the CSV"
hasnt $T/out 'max tardiness'
[ "$(grep -c '' $T/err)" -eq 2 ] && ok || bad "run -q --jobs -: stderr is not the two summary lines: $(cat $T/err)"
has $T/err '2 jobs, 2 completed, 1 missed, max tardiness 3 tick'
scn qbad 'format: 1
tasks: [{name: a, C: 0, T: 2}]'
expect_rc 2 "$DLSIM" validate $T/qbad.yaml -q
[ -s $T/out ] && bad "validate -q of an invalid file prints on stdout" || ok
has $T/err 'qbad.yaml:2:'
expect_rc 0 "$DLSIM" experiment docs/experiments/tard-global.yaml -q -j 1 -o $T/q.csv
[ -s $T/out ] || [ -s $T/err ] && bad "experiment -q prints: $(cat $T/out $T/err)" || ok
expect_rc 0 "$DLSIM" run --help
has $T/out '-q, --quiet       print only the two summary lines'
expect_rc 0 "$DLSIM" run $EX/abort.yaml --json
has $T/out '"finish": null, "tardiness": null, "tardiness_lower": 0, "aborted": true}'
expect_rc 0 "$DLSIM" run $EX/abort.yaml
has $T/out '(aborted at its deadline)'
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 6 --jobs $T/j6.csv
has $T/j6.csv 'P2,0,0,5,4,,,1,0'
has $T/out '(unfinished at horizon)'
# --until in other units
expect_rc 1 "$DLSIM" run $EX/dario.yaml --until 10ms
expect_rc 1 "$DLSIM" run $EX/dario.yaml --until 0

# --- I/O errors never leave partial files ----------------------------------
expect_rc 3 "$DLSIM" run $EX/dario.yaml --jobs $T/no/such/dir/jobs.csv
expect_rc 1 "$DLSIM" run $EX/dario.yaml --log $T/ev.txt
[ -e $T/ev.txt ] && bad "partial log left" || ok
ls $T/.*.tmp-* >/dev/null 2>&1 && bad "temporary files left" || ok
expect_rc 3 "$DLSIM" run $T/missing.yaml
has $T/err 'missing.yaml'

# --- usage -------------------------------------------------------------------
expect_rc 1 "$DLSIM"
expect_rc 1 "$DLSIM" frobnicate
expect_rc 0 "$DLSIM" --help
has $T/out 'Usage: dlsim COMMAND'
for c in run analyze validate; do
	expect_rc 0 "$DLSIM" $c --help
	has $T/out "Usage: dlsim $c"
done
expect_rc 1 "$DLSIM" run
expect_rc 1 "$DLSIM" run $EX/dario.yaml --bogus

# --- bad input: exit 2 with file:line and the field ---------------------------
scn empty ''
expect_rc 2 "$DLSIM" validate $T/empty.yaml
has $T/err 'empty.yaml'
printf 'format: 1\nname: x\ntasks: [ {name: a, C: 1, D: 2\n' > $T/notyaml.yaml
expect_rc 2 "$DLSIM" validate $T/notyaml.yaml
has $T/err 'notyaml.yaml:'
scn unknown 'format: 1
name: x
tasks:
  - { name: a, C: 1, D: 2, T: 4, bogus: 3 }'
expect_rc 2 "$DLSIM" validate $T/unknown.yaml
has $T/err 'unknown.yaml:4'
has $T/err 'bogus'
scn missing 'format: 1
name: x
tasks:
  - { name: a, C: 1, D: 2 }'
expect_rc 2 "$DLSIM" run $T/missing.yaml
has $T/err 'missing.yaml:4'
scn zero 'format: 1
name: x
tasks:
  - { name: a, C: 0, D: 2, T: 4 }'
expect_rc 2 "$DLSIM" analyze $T/zero.yaml
has $T/err 'zero.yaml:4'
scn neg 'format: 1
name: x
tasks:
  - { name: a, C: 1, D: 2, T: -4 }'
expect_rc 2 "$DLSIM" run $T/neg.yaml
has $T/err 'neg.yaml:4'
scn twice 'format: 1
name: x
tasks:
  - { name: a, C: 1, runtime: 1, D: 2, T: 4 }'
expect_rc 2 "$DLSIM" run $T/twice.yaml
has $T/err 'twice.yaml:4'
has $T/err 'runtime'
scn msintick 'format: 1
name: x
time_unit: tick
tasks:
  - { name: a, C: 10ms, D: 20, T: 40 }'
expect_rc 2 "$DLSIM" run $T/msintick.yaml
has $T/err 'msintick.yaml:5'
scn frac 'format: 1
name: x
tasks:
  - { name: a, C: 1.5, D: 2, T: 4 }'
expect_rc 2 "$DLSIM" run $T/frac.yaml
has $T/err 'frac.yaml:4'
scn overflow 'format: 1
name: x
time_unit: s
tasks:
  - { name: a, C: 1, D: 2, T: 99999999999 }'
expect_rc 2 "$DLSIM" run $T/overflow.yaml
has $T/err 'overflow.yaml:5'
# a 10 MB line
awk 'BEGIN { printf "format: 1\nname: "; for (i = 0; i < 1000000; i++) printf "xxxxxxxxxx"; printf "\n" }' > $T/long.yaml
expect_rc 2 "$DLSIM" run $T/long.yaml
has $T/err "long.yaml:"
awk 'BEGIN { printf "format: 1\ntasks:\n  - {name: a, C: 1, T: 4}\nname: "; for (i = 0; i < 1000000; i++) printf "xxxxxxxxxx"; printf "\n" }' > $T/long2.yaml
expect_rc 2 "$DLSIM" validate $T/long2.yaml
has $T/err "long2.yaml:4:7: name: too long"

# --- units: ms scenario reports ns internally ----------------------------------
scn ms 'format: 1
name: dario-ms
time_unit: ms
tasks:
  - { name: P1, C: 4, D: 5, T: 10 }
  - { name: P2, C: 4000us, D: 5ms, T: 10 }'
expect_rc 0 "$DLSIM" analyze $T/ms.yaml --json
has $T/out '"time_unit": "ns"'
has $T/out '"max_tardiness": 3000000'

# --- charts -----------------------------------------------------------
png_wh() { od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%d %d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'; }
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --gantt $T/d.png --width 3.5in --dpi 300 --quiet
[ "$(od -An -c -N4 $T/d.png | tr -d ' ')" = '211PNG' ] && ok || bad "PNG signature"
[ "$(png_wh $T/d.png | cut -d' ' -f1)" = 1050 ] && ok || bad "PNG width $(png_wh $T/d.png), want 1050"
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --gantt $T/d2.png --width 3.5in --dpi 300 --quiet
cmp -s $T/d.png $T/d2.png && ok || bad "PNG bytes differ between identical runs"
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --gantt $T/d.svg --quiet
head -c 5 $T/d.svg | grep -q '<?xml' && ok || bad "SVG header"
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --gantt $T/d2.svg --quiet
cmp -s $T/d.svg $T/d2.svg && ok || bad "SVG bytes differ between identical runs"
has $T/d.svg '>time (ticks)</text>'
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --gantt $T/d.pdf --gantt-rows cpu --quiet
head -c 4 $T/d.pdf | grep -q '%PDF' && ok || bad "PDF header"
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --tikz $T/d.tex --trace $T/d.json --quiet
has $T/d.tex '\begin{tikzpicture}'
has $T/d.tex '\end{tikzpicture}'
has $T/d.json '"traceEvents"'
expect_rc 1 "$DLSIM" run $EX/dario.yaml --gantt $T/d.bmp
[ -e $T/d.bmp ] && bad "chart with bad extension written" || ok
expect_rc 3 "$DLSIM" run $EX/dario.yaml --gantt $T/no/dir/d.png
expect_rc 1 "$DLSIM" run $EX/dario.yaml --gantt $T/w.png --window 5:5
[ -e $T/w.png ] && bad "chart with empty window written" || ok
expect_rc 1 "$DLSIM" run $EX/dario.yaml --window 0:5
# paper options: fonts, axis unit, colour mode; bad values are usage errors
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --gantt $T/serif.png --width 3.5in --font serif --quiet
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --gantt $T/serif2.png --width 3.5in --font serif --quiet
cmp -s $T/serif.png $T/serif2.png && ok || bad "serif PNG bytes differ between identical runs"
expect_rc 0 "$DLSIM" run $EX/dhall.yaml --gantt $T/dh.png --color-by cpu --gantt-rows cpu --quiet
expect_rc 1 "$DLSIM" run $EX/dario.yaml --gantt $T/x.png --color-by hue
has $T/err "--color-by hue"
expect_rc 1 "$DLSIM" run $EX/dario.yaml --gantt $T/x.png --axis-unit min
has $T/err "--axis-unit min"
expect_rc 1 "$DLSIM" run $EX/dario.yaml --gantt $T/x.png --axis-unit ms
has $T/err "ticks"
[ -e $T/x.png ] && bad "chart with a bad axis unit written" || ok
expect_rc 1 "$DLSIM" run $EX/dario.yaml --font serif
# TikZ compiles with plain pdflatex (when texlive is installed) and rescales
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 30 --window 0:25 --tikz $T/tk1.tex --quiet
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml --tikz $T/tk2.tex --quiet
expect_rc 0 "$DLSIM" run $EX/cbs-isolation.yaml --tikz $T/tk3.tex --quiet
expect_rc 0 "$DLSIM" run $EX/dhall.yaml --tikz $T/tk4.tex --gantt-rows cpu --window 0:30 --quiet
expect_rc 0 "$DLSIM" run $EX/linux-dl-fair-server.yaml --tikz $T/tk5.tex --quiet
has $T/tk1.tex 'x={\dlsimxscale*'
has $T/tk1.tex 'pattern=north east lines, pattern color=dlsimmiss'
has $T/tk1.tex 'dlsimband'
if command -v pdflatex >/dev/null 2>&1; then
	{ printf '%s\n' '\documentclass{article}' '\usepackage[utf8]{inputenc}' \
		'\usepackage{tikz}' '\usetikzlibrary{patterns,arrows.meta}' \
		'\begin{document}'
	  for i in 1 2 3 4 5; do printf '\\input{tk%s.tex}\n\n' $i; done
	  printf '%s\n' '\def\dlsimxscale{0.5}' '\input{tk1.tex}' '\end{document}'; } > $T/tkdoc.tex
	if (cd $T && pdflatex -interaction=nonstopmode -halt-on-error tkdoc.tex >tkdoc.out 2>&1); then ok; else
		bad "TikZ charts do not compile with pdflatex"; grep -A3 '^!' $T/tkdoc.out | head -8; fi
else
	echo "  (skipped: pdflatex not installed, TikZ compile check not run)"
fi
# plot: dbf, response, util; a word selects the figure
expect_rc 0 "$DLSIM" plot dbf $EX/dario.yaml -o $T/dbf.svg
has $T/dbf.svg '>dbf(5) = 8 &gt; 5</text>'
expect_rc 0 "$DLSIM" plot dbf $EX/dario.yaml -o $T/dbf2.svg
cmp -s $T/dbf.svg $T/dbf2.svg && ok || bad "dbf SVG bytes differ between identical runs"
expect_rc 0 "$DLSIM" plot dbf $EX/dhall.yaml -o $T/dbfm.png --until 50
expect_rc 0 "$DLSIM" plot dbf $EX/cbs-isolation.yaml --server SB -o $T/sbf.svg
has $T/sbf.svg '>sbf of SB (Q 3, T 6)</text>'
has $T/sbf.svg '>dbf(6) = 3 &gt; sbf</text>'
expect_rc 1 "$DLSIM" plot dbf $EX/cbs-isolation.yaml --server SX -o $T/x.png
expect_rc 0 "$DLSIM" run $EX/sporadic.yaml --jobs $T/spj.csv --quiet
expect_rc 0 "$DLSIM" plot response $T/spj.csv --unit ns -o $T/resp.pdf
head -c 4 $T/resp.pdf | grep -q '%PDF' && ok || bad "response PDF header"
expect_rc 0 "$DLSIM" plot util $EX/dhall.yaml -o $T/util.svg --bins 55
has $T/util.svg '>CPU 1</text>'
expect_rc 2 "$DLSIM" plot $T/spj.csv -o $T/x.png     # a .csv is experiment results
expect_rc 1 "$DLSIM" plot bars $EX/dario.yaml -o $T/x.png
has $T/err "expected RESULTS.csv, or dbf, response or util"
expect_rc 1 "$DLSIM" plot dbf $EX/dario.yaml -o $T/x.tex
has $T/err "plot: -o $T/x.tex: plots are .png, .svg or .pdf"
# an unknown extension: the chart's message offered .tex too
expect_rc 1 "$DLSIM" plot dbf $EX/dario.yaml -o $T/x.yaml
has $T/err "plot: -o $T/x.yaml: plots are .png, .svg or .pdf"
hasnt $T/err '.tex'
expect_rc 1 "$DLSIM" plot dbf $EX/dario.yaml
# an empty --font was refused by run and render only (report and plot
# drew with the default)
expect_rc 1 "$DLSIM" plot dbf $EX/dario.yaml -o $T/x.png --font ''
has $T/err 'dlsim plot: --font: expected sans, serif or a font family name'
expect_rc 1 "$DLSIM" report $EX/dario.yaml -o $T/x.html --font ''
has $T/err 'dlsim report: --font: expected sans, serif or a font family name'
[ -e $T/x.html ] && bad "report --font '' wrote a page" || ok
# dbf has no bins: --bins was taken and ignored (exit 0)
expect_rc 1 "$DLSIM" plot dbf $EX/dario.yaml -o $T/x.png --bins 5
has $T/err 'dlsim plot: --bins is for response and util'
expect_rc 2 "$DLSIM" plot response $EX/dario.yaml -o $T/x.png
has $T/err "not a --jobs CSV"
[ -e $T/x.png ] && bad "plot written after an error" || ok
expect_rc 0 "$DLSIM" plot --help
has $T/out "dlsim plot dbf|response|util INPUT"
expect_rc 0 "$DLSIM" plot dbf --help
has $T/out "dlsim plot dbf SCENARIO.yaml"
# report: every example makes a self-contained page (no script,
# no remote resources); headless Chromium opens them when it is installed
for f in $EX/*.yaml; do
	b=$(basename $f .yaml)
	expect_rc 0 "$DLSIM" report $f -o $T/rep-$b.html
done
has $T/rep-linux-dl.html 'rejected at 0</text>'
has $T/rep-linux-dl.html '<h2>Deadline misses</h2>'
has $T/rep-dario.html '>dbf(5) = 8 &gt; 5</text>'
grep -qiE '<script|src="http|href="http|@import' $T/rep-*.html && bad "report loads a script or a remote resource" || ok
# report's tests are analyze's: on the set it analyses (a's exec list 3 >
# C 2, b's jitter 2 off D: density 3/4 + 1/2 = 5/4 rejects), n/a or
# hidden where they are about other policies (fp-rta), with its verdict
printf 'format: 1\ntime_unit: ms\ntasks:\n  - {name: a, C: 2, D: 4, T: 4, exec: {model: list, values: [3]}}\n  - {name: b, C: 1, D: 4, T: 8, jitter: 2}\n' > $T/repjit.yaml
expect_rc 0 "$DLSIM" report $T/repjit.yaml -o $T/repjit.html
has $T/repjit.html '<td>density</td><td>sufficient</td><td class="reject">reject</td>'
has $T/repjit.html 'Verdict: schedulable (exact test pdc).'
hasnt $T/repjit.html '<td>fp-rta</td>'
has $T/rep-dario.html 'Verdict: NOT schedulable (exact test pdc).'
grep -q 'id="gantt-' $T/rep-dario.html && grep -q 'id="dbf-' $T/rep-dario.html && ok || bad "report SVG ids are not made unique"
# A Gantt chart over the vector bound (200 in = 14400 pt a side) is left
# out of the report, not the report: tasks are rows about 28 pt apart, so
# 600 tasks ask for ~16800 pt (the page says so, one warning, exit 0) and
# 300 for ~8400 pt (drawn).  Before, the whole report was lost (exit 2).
many_tasks() {
	{ printf 'format: 1\nname: many-%s\ntasks:\n' "$1"
	  i=1; while [ $i -le "$1" ]; do
		printf '  - {name: t%s, C: 1, T: 1000}\n' $i; i=$((i + 1)); done
	} > "$T/many$1.yaml"
}
many_tasks 600
expect_rc 0 "$DLSIM" report $T/many600.yaml -o $T/many600.html
has $T/err 'dlsim report: warning: '
has $T/err 'many600.html: the Gantt chart is left out (600 rows, '
[ "$(grep -c '' $T/err)" -eq 1 ] && ok || bad "report: more than the one warning line"
has $T/many600.html '<p class="note">The Gantt chart is left out: with 600 rows it would be'
hasnt $T/many600.html 'id="gantt-'
has $T/many600.html 'id="dbf-'
has $T/many600.html '<h2>Deadline misses</h2>'
[ "$(tail -n 2 $T/many600.html | tr -d '\n')" = '</body></html>' ] && ok || bad "report without its Gantt chart does not end with </body></html>"
[ "$(grep -o '<table>' $T/many600.html | wc -l)" -eq "$(grep -o '</table>' $T/many600.html | wc -l)" ] && \
[ "$(grep -o '<figure' $T/many600.html | wc -l)" -eq "$(grep -o '</figure>' $T/many600.html | wc -l)" ] && ok || bad "report without its Gantt chart: unbalanced tags"
many_tasks 300
expect_rc 0 "$DLSIM" report $T/many300.yaml -o $T/many300.html
[ -s $T/err ] && bad "report of 300 tasks warns: $(cat $T/err)" || ok
has $T/many300.html 'id="gantt-'
hasnt $T/many300.html 'The Gantt chart is left out'
expect_rc 1 "$DLSIM" report $EX/dario.yaml -o $T/rep.txt
expect_rc 1 "$DLSIM" report $EX/dario.yaml
CHROME=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -n "$CHROME" ]; then
	{ echo '<!DOCTYPE html><html><head><meta charset="utf-8"><title>all</title></head><body>'
	  for f in $T/rep-*.html; do echo "<iframe src=\"$(basename $f)\" width=900 height=600></iframe>"; done
	  echo '</body></html>'; } > $T/rep-all.html
	for b in dario linux-dl cbs-isolation dhall linux-dl-fair-server all; do
		rm -f $T/shot-$b.png
		timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu --hide-scrollbars \
			--window-size=1000,3000 --enable-logging=stderr --v=0 \
			--screenshot="$PWD/$T/shot-$b.png" "file://$PWD/$T/rep-$b.html" >$T/chrome-$b.log 2>&1
		sz=$(wc -c < $T/shot-$b.png 2>/dev/null || echo 0)
		[ "$sz" -gt 30000 ] && ok || bad "Chromium screenshot of rep-$b.html is blank or missing ($sz bytes)"
		grep -E 'CONSOLE|Uncaught|Failed to load' $T/chrome-$b.log && bad "Chromium reports errors for rep-$b.html" || ok
	done
else
	echo "  (skipped: chromium not installed, report pages not opened in a browser)"
fi
# a saved log draws the same chart
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --log $T/r.jsonl --quiet
expect_rc 0 "$DLSIM" render $T/r.jsonl -o $T/r.png --width 3.5in --dpi 300
cmp -s $T/d.png $T/r.png && ok || bad "chart from saved log differs from the live one"
printf '{"type":"header"}\nnot json\n' > $T/bad.jsonl
expect_rc 2 "$DLSIM" render $T/bad.jsonl -o $T/bad.png
has $T/err 'bad.jsonl:'
[ -e $T/bad.png ] && bad "chart from a bad log written" || ok
expect_rc 1 "$DLSIM" render $T/r.jsonl
ls $T/.*.tmp-* >/dev/null 2>&1 && bad "temporary files left" || ok

# --- multicore placement and fixed priority ---------------------------
expect_rc 0 "$DLSIM" analyze $EX/dhall.yaml --json
has $T/out '"placement": "global", "cluster_size": 2'
has $T/out '"compared": ["utilization", "gfb", "bak", "bcl", "bcl-iterative", "rta", "bar", "ffdbf"]'
has $T/out '"first_miss": {"task": "heavy", "job": 0, "release": 0, "deadline": 11, "finish": 12}'
has $T/out '"bound_source": "upper"'
has $T/out '"contradictions": [], "left_out": []'
# the partitioned tests accept Dhall's set, but a global run is not theirs
expect_rc 0 "$DLSIM" analyze $EX/dhall.yaml
has $T/out 'partitioned-first-fit-decreasing         sufficient  accept'
has $T/out 'contradictions: none'
expect_rc 0 "$DLSIM" analyze $EX/global-fails-partition-ok.yaml --json
has $T/out '"compared": ["partitioned-first-fit-decreasing"]'
has $T/out '"exact": true'
has $T/out '"misses": 0'
expect_rc 0 "$DLSIM" run $EX/global-fails-partition-ok.yaml --json
has $T/out '"placement": "partitioned", "cluster_size": 1, "partitioning": "first-fit-decreasing"'
has $T/out '"migrations": 0, "cpu": 0, "p50_response"'
expect_rc 0 "$DLSIM" run $EX/partition-fails-global-ok.yaml
has $T/out 'no deadline miss'
sed 's/placement: global/placement: partitioned/' $EX/partition-fails-global-ok.yaml > $T/pf.yaml
expect_rc 2 "$DLSIM" run $T/pf.yaml
has $T/err 'pf.yaml:21:5: tasks[2]: task C fits on no CPU with partitioning: first-fit-decreasing'
expect_rc 2 "$DLSIM" validate $T/pf.yaml
has $T/err 'pf.yaml:21:5: tasks[2]: task C fits on no CPU with partitioning: first-fit-decreasing'
expect_rc 2 "$DLSIM" analyze $T/pf.yaml
sed 's/placement: partitioned/placement: partitioned, admission: qpa/' $T/pf.yaml > $T/pf-adm.yaml
expect_rc 0 "$DLSIM" run $T/pf-adm.yaml --json
has $T/out '{"time": 0, "task": "C", "test": "qpa", "verdict": "reject"}]'
expect_rc 0 "$DLSIM" run $EX/sync-not-worst.yaml --json
has $T/out '{"task": "t3", "job": 5, "release": 26, "deadline": 31, "finish": 32, "tardiness": 1}'
expect_rc 0 "$DLSIM" run $EX/clustered.yaml
has $T/out 'placement clustered (2 CPUs per cluster, worst-fit)'
has $T/out 'no deadline miss'
expect_rc 0 "$DLSIM" run $EX/clustered.yaml --jobs $T/cl.csv
awk -F, 'NR > 1 && (($1 == "A" || $1 == "B" || $1 == "C") && $9 > 1 || ($1 == "H" || $1 == "X") && $9 < 2) { bad = 1 } END { exit bad }' $T/cl.csv && ok || bad "a clustered job ran outside its cluster"
# fp servers, partitioned: a server is one item (its budget, with a
# deferrable server's jitter), and its tasks run where it is
scn fpsrv 'format: 1
horizon: 80
platform: { cpus: 2 }
scheduler: { policy: fp, priorities: rate-monotonic, placement: partitioned, partitioning: first-fit }
servers: [{ name: S, kind: deferrable, budget: 2, period: 10 }]
tasks:
  - { name: P, C: 8, T: 10 }
  - { name: A, C: 2, T: 40, server: S }'
expect_rc 0 "$DLSIM" run $T/fpsrv.yaml --json
has $T/out '"name": "A", "released": 2, "completed": 2, "missed": 0'
has $T/out '"migrations": 0, "cpu": 1,'
expect_rc 0 "$DLSIM" analyze $T/fpsrv.yaml
has $T/out 'A            response <= 12 (tardiness <= 0), observed 2'
sed 's/{ name: A, C: 2, T: 40, server: S }/{ name: A, C: 3, D: 4, T: 100, server: S }\
  - { name: B, C: 3, D: 4, T: 100, server: S }/; s/C: 8/C: 1/; s/kind: deferrable/kind: polling/' $T/fpsrv.yaml > $T/fpsrv2.yaml
expect_rc 0 "$DLSIM" validate $T/fpsrv2.yaml
sed 's/{ name: P, C: 8, T: 10 }/{ name: P, C: 8, T: 10, cpu: 0 }\
  - { name: Q, C: 8, T: 10, cpu: 1 }/' $T/fpsrv.yaml > $T/fpsrv3.yaml
expect_rc 2 "$DLSIM" validate $T/fpsrv3.yaml
has $T/err 'servers[0]: server S fits on no CPU with partitioning: first-fit (2 of 3 servers and plain tasks placed, each CPU admitted by fp-rta)'
# fp placement: equal priorities (RM, every T 10) go to the lower task
# index on each CPU too: A, B, C all fit on CPU 0 (R = 2, 4, 5)
scn fptie 'format: 1
horizon: 20
platform: { cpus: 2 }
scheduler: { policy: fp, priorities: rate-monotonic, placement: partitioned, partitioning: first-fit }
tasks:
  - { name: A, C: 2, D: 2, T: 10 }
  - { name: B, C: 2, D: 10, T: 10 }
  - { name: C, C: 1, D: 10, T: 10 }'
expect_rc 0 "$DLSIM" run $T/fptie.yaml --json
has $T/out '"cpus": [{"cpu": 0, "busy": 10}, {"cpu": 1, "busy": 0}]'
# fp: the exact test of the simulated policy decides, not the EDF ones
expect_rc 0 "$DLSIM" analyze $EX/rm-vs-edf.yaml --json
has $T/out '"policy": "fp", "priorities": "rate-monotonic"'
has $T/out '"compared": ["utilization", "fp-rta"]'
has $T/out '{"name": "fp-rta", "kind": "exact", "verdict": "reject", "analyses": "fp/1cpu"'
has $T/out '{"name": "qpa", "kind": "exact", "verdict": "accept", "analyses": "edf/1cpu"'
has $T/out '"tardiness": {"bound": 1, "bound_source": "exact", "observed": 1'
has $T/out '"contradictions": [], "left_out": []'
expect_rc 0 "$DLSIM" analyze $EX/rm-vs-edf.yaml
has $T/out 'verdict: NOT schedulable (exact test fp-rta)'
sed -e 's/policy: fp/policy: edf/' -e '/priorities/d' $EX/rm-vs-edf.yaml > $T/edf.yaml
expect_rc 0 "$DLSIM" analyze $T/edf.yaml
has $T/out 'verdict: schedulable (exact test utilization)'
has $T/out 'contradictions: none'
scn cl3 'format: 1
platform: {cpus: 4}
scheduler: {placement: clustered, cluster_size: 3}
tasks: [{name: a, C: 1, T: 2}]'
expect_rc 2 "$DLSIM" validate $T/cl3.yaml
has $T/err 'cl3.yaml:3:49: scheduler.cluster_size: 4 CPUs cannot be split into clusters of 3'
# --- servers, linux-dl, edf-split, admission ---------------------
expect_rc 0 "$DLSIM" run $EX/cbs-single.yaml --jobs $T/cs.csv --quiet
has $T/cs.csv 'J,0,0,100,0,5,5,0,0'
expect_rc 0 "$DLSIM" run $EX/cbs-isolation.yaml --jobs $T/ci.csv --json
has $T/ci.csv 'B,1,6,12,9,12,6,0,0'
has $T/ci.csv 'A,0,0,100,0,19,19,0,0'
has $T/out '"policy": "cbs"'
has $T/out '"server_misses": 0'
has $T/out '{"name": "SA", "budget_exhaustions": 5, "deadline_misses": 0, "throttled_time": 0, "replenishments": 5, "max_lateness": 0, "throttled_idle_time": 0}'
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml --json
has $T/out '"misses": 2'
has $T/out '"rejected": 1'
has $T/out '{"time": 0, "task": "P3", "test": "linux", "verdict": "reject", "total_bw": 838860}'
has $T/out '{"name": "P2", "budget_exhaustions": 2, "deadline_misses": 2'
# linux-dl kernel profiles and tick accounting; linux-dl.yaml
# pins 6.6, the same tasks under the default 6.12 count the fair server
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml
has $T/out 'policy linux-dl (kernel 6.6, accounting exact)'
has $T/out 'runtime enforced exactly, as with HRTICK_DL; a stock kernel charges at the tick: accounting: tick, hz: 250'
expect_rc 0 "$DLSIM" validate --linux $EX/linux-dl-grub.yaml
has $T/out 'kernel 6.6: no fair server; bandwidth of a leaving task released at its 0-lag time'
expect_rc 0 "$DLSIM" analyze $EX/linux-dl.yaml
has $T/out 'kernel 6.6: no fair server'
grep -v 'kernel: "6.6"' $EX/linux-dl.yaml | grep -v '^ *# ' > $T/ldl612.yaml
expect_rc 0 "$DLSIM" run $T/ldl612.yaml --json
has $T/out '{"time": 0, "task": "P3", "test": "linux", "verdict": "reject", "total_bw": 891288}'
expect_rc 0 "$DLSIM" analyze $T/ldl612.yaml
has $T/out 'policy linux-dl (kernel 6.12, accounting exact)'
has $T/out 'kernel 6.12: fair server 50/1000 ms per CPU, deferred, counted in admission'
expect_rc 0 "$DLSIM" run $EX/linux-dl-tick.yaml --json
has $T/out '"tardiness": 1600000'
has $T/out '"kernel": "6.12", "accounting": "tick", "hz": 250, "tick_phase": 100000'
has $T/out '"overruns": 1, "max_overrun": 2100000'
expect_rc 0 "$DLSIM" run $EX/linux-dl-tick.yaml --log $T/tick.csv --quiet
has $T/out 'policy linux-dl (kernel 6.12, accounting tick, hz 250)'
has $T/tick.csv '10000000,server_deadline,,A,0,23000000'
has $T/tick.csv '10000000,replenish,,A,0,1900000'
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml
has $T/out 'task P3 rejected at 0 ms by admission test linux: it never ran'
expect_rc 0 "$DLSIM" run $EX/edf-split.yaml --json
has $T/out '"classes": {"hard": {"tasks": 3, "admitted": 2, "jobs": 8, "misses": 0'
scn tiny 'format: 1
time_unit: ns
scheduler: { policy: linux-dl }
tasks: [{ name: tiny, runtime: 1000, deadline: 1ms, period: 1ms }]'
expect_rc 2 "$DLSIM" run $T/tiny.yaml
has $T/err '__checkparam_dl: runtime 1000 ns < 1024 ns'
# server records go through the logs and back into charts
expect_rc 0 "$DLSIM" run $EX/cbs-isolation.yaml --log $T/srv.jsonl --quiet
has $T/srv.jsonl '"event":"budget_exhausted"'
expect_rc 0 "$DLSIM" render $T/srv.jsonl -o $T/srv.svg
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml --log $T/ldl.csv --quiet
has $T/ldl.csv '0,reject,,P3,0,1'
has $T/ldl.csv '8000000,server_deadline_miss,,P2,0,3000000'

# a leaving task's bandwidth stays until its 0-lag time (10 - 5*10/6 ms)
scn zlag 'format: 1
time_unit: ms
horizon: 5
scheduler: { policy: linux-dl }
tasks:
  - { name: X, runtime: 6, period: 10, releases: [0], exec: { model: list, values: [1] }, leave_at: 1 }
  - { name: Y, runtime: 4, period: 10, arrive_at: 1.5 }
  - { name: Z, runtime: 4, period: 10, arrive_at: 1.7 }'
expect_rc 0 "$DLSIM" run $T/zlag.yaml --json
has $T/out '{"time": 1500000, "task": "Y", "test": "linux", "verdict": "reject", "total_bw": 681573}'
has $T/out '{"time": 1700000, "task": "Z", "test": "linux", "verdict": "accept", "total_bw": 471858}'

# linux-dl root domains: exclusive cpusets and partitioned placement
expect_rc 0 "$DLSIM" run $EX/linux-dl-cpusets.yaml --json
has $T/out '"placement": "cpusets"'
has $T/out '"name": "P3", "released": 0'
has $T/out '"cpuset": "root"'
has $T/out '{"time": 0, "task": "P3", "test": "linux", "verdict": "reject", "total_bw": 891288}'
has $T/out '{"time": 0, "task": "Q3", "test": "linux", "verdict": "accept", "total_bw": 1363146}'
scn resvpart 'format: 1
name: rp
platform: { cpus: 2 }
scheduler: { policy: linux-dl, placement: partitioned }
time_unit: ms
tasks:
  - { name: a, C: 4, D: 5, T: 10, cpu: 0 }
  - { name: b, C: 4, D: 5, T: 10, cpu: 1 }'
expect_rc 0 "$DLSIM" run $T/resvpart.yaml --until 10 --json
has $T/out '"misses": 0'
scn cpsover 'format: 1
platform: { cpus: 2 }
scheduler:
  policy: linux-dl
  cpusets:
    - { name: x, cpus: ["0-1"] }
    - { name: y, cpus: [1] }
time_unit: ms
tasks: [{ name: a, C: 1, T: 4 }]'
expect_rc 2 "$DLSIM" validate $T/cpsover.yaml
has $T/err 'cpsover.yaml:7:25: scheduler.cpusets[1].cpus[0]: CPU 1 is in cpusets[0] already'
scn cpsrange 'format: 1
platform: { cpus: 2 }
scheduler: { policy: edf, cpusets: [{ name: x, cpus: ["0-2"] }] }
tasks: [{ name: a, C: 1, T: 4 }]'
expect_rc 2 "$DLSIM" validate $T/cpsrange.yaml
has $T/err 'expected a CPU number or a range lo-hi within 0..1'
scn cpsnone 'format: 1
platform: { cpus: 1 }
scheduler: { cpusets: [{ name: x, cpus: [0], tasks: [a] }] }
tasks: [{ name: a, C: 1, T: 4 }, { name: b, C: 1, T: 4 }]'
expect_rc 2 "$DLSIM" validate $T/cpsnone.yaml
has $T/err 'tasks[1]: in no cpuset, and every CPU is in one'
expect_rc 2 "$DLSIM" validate $T/tiny.yaml
has $T/err 'tiny.yaml:4:9: tasks[0]: task tiny: __checkparam_dl: runtime 1000 ns < 1024 ns'

# the fair server serves class: fair tasks
expect_rc 0 "$DLSIM" run $EX/linux-dl-fair-server.yaml --jobs $T/fair.csv --json
has $T/fair.csv 'F,0,0,40000000,8000000,19000000,19000000,0,0'
has $T/out '{"name": "fair@cpu0", "budget_exhaustions": 1'
has $T/out '"fair_server": "deferred"'

# --- self-suspending jobs (suspend:) -------------------------------------------
expect_rc 0 "$DLSIM" run $EX/suspend-edf.yaml --log $T/su.jsonl --quiet
expect_rc 0 "$DLSIM" run $EX/suspend-edf.yaml --log $T/su.csv --jobs $T/suj.csv --trace $T/su.json --gantt $T/su.svg
has $T/su.csv '1,suspend,0,A,0,2'
has $T/su.csv '3,resume,,A,0,2'
has $T/su.csv '5,complete,0,A,0,5'
has $T/su.jsonl '"event":"suspend","cpu":0,"task":"A"'
has $T/suj.csv 'A,0,0,8,0,5,5,0,0'
has $T/su.json '"name":"suspend","ph":"i"'
has $T/su.svg 'stroke-dasharray'
has $T/out 'horizon 12 tick (user)'
hasnt $T/out 'exact'
expect_rc 0 "$DLSIM" render $T/su.jsonl -o $T/su2.png
expect_rc 0 "$DLSIM" run $EX/suspend-edf.yaml --gantt $T/su.tex --quiet
has $T/su.tex 'dlsimsusp'
has $T/su.tex 'self-suspended'
# analyze: suspension-oblivious tests, no false contradiction, said so
expect_rc 0 "$DLSIM" analyze $EX/suspend-edf.yaml
has $T/out 'note: tasks self-suspend; tests, bounds and the default horizon use the'
has $T/out 'verdict: schedulable (sufficient test density on the suspension-oblivious set)'
has $T/out 'pdc            sufficient  accept'
has $T/out 'contradictions: none'
expect_rc 0 "$DLSIM" analyze $EX/suspend-edf.yaml --json
has $T/out '"utilization": "2/3", "density": "37/40"'
has $T/out '"exact": false'
has $T/out '"contradictions": [], "suspension": "oblivious", "left_out": []'
expect_rc 0 "$DLSIM" analyze $EX/dario.yaml --json
hasnt $T/out '"suspension"'
# default horizon from the oblivious set (U' = 5/12 + 3/12: busy period 8),
# never exact with suspension
scn sudef 'format: 1
tasks:
  - { name: A, C: 3, D: 8, T: 12, suspend: [{ after: 1, for: 2 }] }
  - { name: B, C: 3, D: 10, T: 12 }'
expect_rc 0 "$DLSIM" run $T/sudef.yaml
has $T/out 'horizon 8 tick (busy-period)'
# an oblivious set that overloads (U' = 5/4): exact tests reject, which
# proves nothing here: A [0,1), suspended [1,3), B [1,2), A [3,4)
scn suover 'format: 1
horizon: 20
tasks:
  - { name: A, C: 2, T: 4, suspend: [{ after: 1, for: 2 }] }
  - { name: B, C: 1, T: 4 }'
expect_rc 0 "$DLSIM" analyze $T/suover.yaml
has $T/out 'verdict: no miss observed; not a proof'
has $T/out 'contradictions: none'
has $T/out 'pdc            sufficient  reject'
has $T/out 'tardiness: no bound (a utilization above 1 on the analysed set, which over-approximates the jobs: no bound known)'
hasnt $T/out 'exact       reject'
# a release list closer than T is analysed from above (A as (1, 1, 2), U'
# = 11/10), yet A0 [0,1), B0 [1,2), A1 [2,3), B0 [3,5) meet every
# deadline: no exact test, the necessary reject n/a, no "NOT schedulable"
scn relcover 'format: 1
horizon: 20
tasks:
  - { name: A, C: 1, D: 1, T: 10, releases: [0, 2] }
  - { name: B, C: 3, D: 5, T: 5 }'
expect_rc 0 "$DLSIM" analyze $T/relcover.yaml
has $T/out 'utilization    necessary   n/a      any              (a reject on the analysed set (listed releases closer than T, list demands above C) proves no miss (U = 11/10))'
has $T/out 'qpa            sufficient  reject'
has $T/out 'verdict: no miss observed; not a proof'
hasnt $T/out 'NOT schedulable'
# linux-dl: E.7 vectors 4 and 5 met by suspensions
expect_rc 0 "$DLSIM" run $EX/suspend-wakeup.yaml --log $T/sw.csv --quiet
has $T/sw.csv '3000000,server_wakeup,,C3,0,500000'
has $T/sw.csv '4000000,server_deadline,,I4,0,10000000'
has $T/sw.csv '5000000,throttle,,C5,0,10000000'
has $T/sw.csv '6000000,server_deadline,,I6,0,16000000'
has $T/sw.csv '10000000,server_deadline,,C5,0,14000000'
# scenario errors: exit 2 with file:line:col and the field
scn susame 'format: 1
tasks:
  - { name: A, C: 4, T: 10, suspend: [{after: 2, for: 1}, {after: 2, for: 1}] }'
expect_rc 2 "$DLSIM" validate $T/susame.yaml
has $T/err 'susame.yaml:3:67: tasks[0].suspend[1].after: "2" is not after suspend[0].after = "2"; expected strictly increasing points'
scn suzero 'format: 1
tasks:
  - { name: A, C: 4, T: 10, suspend: [{after: 2, for: 0}] }'
expect_rc 2 "$DLSIM" run $T/suzero.yaml
has $T/err 'suzero.yaml:3:55: tasks[0].suspend[0].for: "0" is zero; expected a time > 0'
scn suneg 'format: 1
tasks:
  - { name: A, C: 4, T: 10, suspend: [{after: 2, for: -1}] }'
expect_rc 2 "$DLSIM" analyze $T/suneg.yaml
has $T/err 'suneg.yaml:3:55: tasks[0].suspend[0].for: "-1" is negative'
scn suunit 'format: 1
tasks:
  - { name: A, C: 4, T: 10, suspend: [{after: 2ms, for: 1}] }'
expect_rc 2 "$DLSIM" validate $T/suunit.yaml
has $T/err 'suunit.yaml:3:47: tasks[0].suspend[0].after: "2ms" has a physical unit but time_unit is tick'
scn sufrac 'format: 1
time_unit: us
tasks:
  - { name: A, C: 4, T: 10, suspend: [{after: 1.5, for: 0.0001}] }'
expect_rc 2 "$DLSIM" validate $T/sufrac.yaml
has $T/err 'sufrac.yaml:4:57: tasks[0].suspend[0].for: "0.0001"'

# --- command-line times use the scenario grammar; one value per option ------
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml --gantt $T/wms.png --window 0:7ms --quiet
[ -s $T/wms.png ] && ok || bad "--window 0:7ms drew no chart"
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml --gantt $T/wms2.png --window 0:7 --quiet
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml --gantt $T/wus.png --window 500us:0.007s --quiet
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml --until 7000us --json
has $T/out '"horizon": 7000000,'
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml --until=7 --json
has $T/out '"horizon": 7000000,'
expect_rc 1 "$DLSIM" run $EX/dario.yaml --gantt $T/wt.png --window 0:7ms
has $T/err '"7ms" has a physical unit but time_unit is tick'
expect_rc 1 "$DLSIM" run $EX/dario.yaml --gantt $T/wx.png --window 0:1e3
has $T/err 'is not a time'
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml --gantt $T/wout.png --window 30:70ms --quiet
has $T/err 'warning: --window 30:70ms starts at or after the end of the simulation (horizon 20 ms)'
# vector charts have a size bound too (200 in a side), checked before writing
{ printf 'format: 1\nname: many\ntime_unit: tick\nplatform: { cpus: 1 }\nscheduler: { policy: edf }\ntasks:\n'
  i=0; while [ $i -lt 600 ]; do printf '  - { name: t%d, C: 1, T: 1000 }\n' $i; i=$((i + 1)); done; } > $T/many.yaml
for e in svg pdf; do
	expect_rc 3 "$DLSIM" run $T/many.yaml --gantt $T/many.$e --quiet
	has $T/err "points is too large for $(echo $e | tr a-z A-Z) (max 14400 a side, 200 inches); use fewer rows (--gantt-rows task or cpu"
	[ -e $T/many.$e ] && bad "an oversized $e chart was written" || ok
done
expect_rc 3 "$DLSIM" run $T/many.yaml --tikz $T/many.tex --quiet
has $T/err 'is too large for TikZ (max 14400 a side'
[ -e $T/many.tex ] && bad "an oversized TikZ chart was written" || ok
expect_rc 0 "$DLSIM" run $T/many.yaml --tikz $T/many.tex --gantt-rows cpu --quiet
# report draws its chart of the window too: the same warning (one helper)
expect_rc 0 "$DLSIM" report $EX/linux-dl.yaml -o $T/wout.html --window 30:70ms
has $T/err 'report: warning: --window 30:70ms starts at or after the end of the simulation (horizon 20 ms)'
[ -s $T/wout.html ] && ok || bad "report with a window past the end wrote no page"
expect_rc 0 "$DLSIM" report $EX/linux-dl.yaml -o $T/win.html --window 0:7ms
hasnt $T/err 'warning'
expect_rc 1 "$DLSIM" run $EX/dario.yaml --log $T/a.jsonl --log $T/b.csv
has $T/err 'option --log given twice'
[ -e $T/a.jsonl ] || [ -e $T/b.csv ] && bad "a repeated option wrote a file" || ok
expect_rc 1 "$DLSIM" run $EX/dario.yaml --until 5 --until=8
has $T/err 'option --until given twice'
expect_rc 1 "$DLSIM" analyze $EX/dario.yaml --until 5 --until 8
has $T/err 'option --until given twice'
expect_rc 1 "$DLSIM" run $EX/dario.yaml --gantt $T/g1.png --window 0:4 --window 0:8
has $T/err 'option --window given twice'
expect_rc 1 "$DLSIM" render $T/none.jsonl -o $T/r1.png -o $T/r2.png
has $T/err 'given twice'

# --- run text: every time in the scenario's unit, and said so ---------------
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml
has $T/out 'max tardiness 3 ms'
has $T/out 'tasks (times in ms):'
has $T/out 'servers (times in ms):'
has $T/out 'task P3 rejected at 0 ms by admission test'
has $T/out 'cpu 0: busy 16 ms (80.0%)'
if grep -E ' (ns|us|s|tick)\b' $T/out | grep -q ' ms\b'; then bad "a run line mixes units"; else ok; fi
expect_rc 0 "$DLSIM" run $EX/dhall.yaml
has $T/out 'light2        1       10       10        11        11       0       0         2     1.818'
if grep -qE '[0-9]e[+-][0-9]' $T/out; then bad "scientific notation in run text"; else ok; fi
scn dlms 'format: 1
time_unit: ms
scheduler: { policy: linux-dl }
tasks:
  - { name: tiny, runtime: 0.001, deadline: 5, period: 10 }'
expect_rc 2 "$DLSIM" validate $T/dlms.yaml
has $T/err 'dlms.yaml:5:5: tasks[0]: task tiny: __checkparam_dl: runtime 0.001 ms < 0.001024 ms'
hasnt $T/err ' ns'

# --- validate prints U exactly, however long -------------------------------
{
	printf 'format: 1\nname: primes\ntasks:\n'
	for p in 1000003 1000033 1000037 1000039 1000081 1000099 1000117 1000121 1000133 1000151; do
		printf '  - { name: t%s, C: 1, T: %s }\n' $p $p
	done
} > $T/primes.yaml
expect_rc 0 "$DLSIM" validate $T/primes.yaml
has $T/out 'U = 10007328294104480999787176494999130244720058910982483854/1000814286770212586725981558051875636205461729184334377823773'

# --- run: per-task percentiles are the nearest rank of the --jobs CSV --------
scn pctl 'format: 1
name: pctl
seed: 7
horizon: 5000
tasks:
  - { name: A, C: 3, D: 8, T: 10, exec: { model: uniform, min: 1, max: 3 } }
  - { name: B, C: 5, D: 9, T: 13, exec: { model: uniform, min: 2, max: 6 } }
  - { name: C, C: 2, D: 4, T: 7 }'
expect_rc 0 "$DLSIM" run $T/pctl.yaml --jobs $T/pctl.csv --json
for task in A B C; do
	# nearest rank: the ceil(q n / 100)-th smallest completed response
	want=$(awk -F, -v t=$task 'NR > 1 && $1 == t && $7 != "" { print $7 }' $T/pctl.csv | sort -n |
		awk '{ v[NR] = $1 } END { n = NR;
			split("50 90 99", q, " ");
			for (i = 1; i <= 3; i++) { k = int((q[i] * n + 99) / 100); printf "%s ", v[k] } }')
	got=$(grep -o "\"name\": \"$task\"[^}]*" $T/out | sed -E 's/.*"p50_response": ([0-9]+), "p90_response": ([0-9]+), "p99_response": ([0-9]+).*/\1 \2 \3 /')
	[ "$want" = "$got" ] && ok || bad "percentiles of $task: json '$got', jobs CSV '$want'"
done
has $T/out '"percentiles_exact": true'
expect_rc 0 "$DLSIM" run $T/pctl.yaml
has $T/out 'response-time percentiles, nearest rank over completed jobs (times in tick):'
expect_rc 0 "$DLSIM" run $T/pctl.yaml --quiet
hasnt $T/out 'percentiles'
# overheads on CPUs of different capacities: the overhead-aware rows are n/a
# (scenarios/README.md "Overheads"), like the plain ones
scn ovcap 'format: 1
name: ovcap
time_unit: tick
horizon: 40
platform:
  cpus:
    - {capacity: 1024, count: 1}
    - {capacity: 512, count: 1}
scheduler: { policy: edf, placement: global }
overheads: { context_switch: 1 }
tasks:
  - { name: A, C: 2, T: 10 }
  - { name: B, C: 3, T: 12 }'
expect_rc 0 "$DLSIM" analyze $T/ovcap.yaml
has $T/out 'gfb+overheads                            sufficient  n/a      edf/global       (assumes identical CPUs; this platform'"'"'s capacities differ)'
hasnt $T/out 'accept'
# --- rt-app in and out (docs/rt-app.md) ------------------------------------
expect_rc 0 "$DLSIM" import rt-app docs/examples/video.json -o $T/video.yaml
has $T/video.yaml 'runtime: 1000             # tasks.video.dl-runtime'
has $T/video.yaml '- { after: 400, for: 100 }'
has $T/video.yaml 'class: fair'
expect_rc 0 "$DLSIM" validate $T/video.yaml
expect_rc 0 "$DLSIM" export rt-app $T/video.yaml -o $T/video2.json
has $T/video2.json '"dl-deadline": 10000,'
has $T/video2.json '"timer0": { "ref": "unique", "period": 33000, "mode": "absolute" }'
# '-' for stdin and stdout: import | export | import gives the same scenario
"$DLSIM" export rt-app $T/video.yaml | "$DLSIM" import rt-app - --name video >$T/video3.yaml 2>$T/err
if [ "$(grep -v '^#' $T/video.yaml | sed 's/ *#.*//')" = "$(grep -v '^#' $T/video3.yaml | sed 's/ *#.*//')" ]; then ok; else bad "rt-app round trip through pipes"; fi
printf '{"tasks":{"t":{"policy":"SCHED_RR","run":1,"sleep":1}}}' > $T/rr.json
expect_rc 2 "$DLSIM" import rt-app $T/rr.json
has $T/err 'rr.json:1:16: tasks.t.policy: thread "t": SCHED_RR is not modelled'
# "instance": a copy named as another thread is refused at its line
printf '{"tasks":{\n "a-1":{"run":1,"sleep":9},\n "a":{"instance":2,"run":1,"sleep":9}}}' > $T/inst.json
expect_rc 2 "$DLSIM" import rt-app $T/inst.json
has $T/err 'inst.json:3:7: tasks.a.instance: thread "a": instance 1 is named "a-1", the name of thread "a-1"'
# dl-* keys on a thread without "policy": "SCHED_DEADLINE": rt-app ignores
# them (SCHED_OTHER); dlsim imports a class: fair task and warns at the key
printf '{"tasks":{"a":{\n "dl-runtime":1000,\n "dl-period":10000,\n "run0":500,"timer0":{"ref":"t","period":10000}},\n "b":{"policy":"SCHED_DEADLINE","dl-runtime":1000,"dl-period":10000,"run0":500,"timer0":{"ref":"u","period":10000}}}}' > $T/nodl.json
expect_rc 0 "$DLSIM" import rt-app $T/nodl.json -o $T/nodl.yaml
has $T/err 'dlsim import: warning: '"$T"'/nodl.json:2:2: tasks.a.dl-runtime: thread "a": dl-runtime does nothing: the thread'"'"'s policy is SCHED_OTHER (global.default_policy)'
hasnt $T/err 'thread "b"'
has $T/nodl.yaml 'class: fair'
expect_rc 0 "$DLSIM" import rt-app docs/examples/video.json -o $T/video4.yaml
hasnt $T/err 'warning'
# an import that fails says its error alone: the warning about thread "a"
# (found first) is not printed before the error about thread "b"
printf '{"tasks":{"a":{\n "dl-runtime":1000,\n "run0":500,"timer0":{"ref":"t","period":10000}},\n "b":{"policy":"SCHED_RR","run":1,"sleep":1}}}' > $T/nodl2.json
expect_rc 2 "$DLSIM" import rt-app $T/nodl2.json -o $T/nodl2.yaml
has $T/err 'nodl2.json:4:7: tasks.b.policy: thread "b": SCHED_RR is not modelled'
hasnt $T/err 'warning'
printf '{"tasks":{"t":{\n"run":1,\n"run":2}}}' > $T/dup.json
expect_rc 2 "$DLSIM" import rt-app $T/dup.json
has $T/err 'dup.json:3:1: "run": duplicate key'
expect_rc 2 "$DLSIM" export rt-app $EX/dario.yaml
has $T/err 'dario.yaml:17:12: time_unit tick has no physical length'
# export errors name the line of the value (found again in the file):
# the key as written (runtime for C), T when D is its default, the task
# when the value is a default; none when the scenario came from stdin
printf 'format: 1\ntime_unit: ns\ntasks:\n  - {name: a, C: 1000, T: 10000}\n  - name: b\n    runtime: 1500\n    period: 10001\n' > $T/xus.yaml
expect_rc 2 "$DLSIM" export rt-app $T/xus.yaml
has $T/err 'xus.yaml:6:14: tasks[1] "b": runtime = 1500 ns is not a whole number of microseconds'
printf 'format: 1\ntime_unit: ns\ntasks:\n  - name: b\n    C: 1000\n    T: 10001\n' > $T/xd.yaml
expect_rc 2 "$DLSIM" export rt-app $T/xd.yaml
has $T/err 'xd.yaml:6:8: tasks[0] "b": deadline = 10001 ns'
printf 'format: 1\ntime_unit: ms\ntasks:\n  - {name: a, C: 1, T: 10}\n  - {name: b, C: 1, T: 10, jitter: 2}\n' > $T/xj.yaml
expect_rc 2 "$DLSIM" export rt-app $T/xj.yaml
has $T/err 'xj.yaml:5:36: tasks[1] "b": jitter cannot be expressed in rt-app'
"$DLSIM" export rt-app - < $T/xj.yaml >/dev/null 2>$T/err
# from standard input as from the file: the position of the key (the
# scenario keeps its text; the file was read again, so stdin had none)
has $T/err '<stdin>:5:36: tasks[1] "b": jitter cannot be expressed in rt-app'
# what the thread does besides its jobs (sched_setattr() at an instant,
# sched_yield(), sched_flags) and on_miss: abort were dropped silently,
# exporting another workload: refused at their key
printf 'format: 1\ntime_unit: ms\nscheduler: {policy: linux-dl}\ntasks:\n  - {name: a, runtime: 2, period: 10}\n  - {name: b, runtime: 2, period: 10,\n     changes: [{at: 30, runtime: 3, deadline: 10, period: 10}]}\n' > $T/xch.yaml
expect_rc 0 "$DLSIM" validate $T/xch.yaml
expect_rc 2 "$DLSIM" export rt-app $T/xch.yaml
has $T/err 'xch.yaml:7:15: tasks[1] "b": changes (sched_setattr() calls) cannot be expressed in rt-app'
printf 'format: 1\ntime_unit: ms\nscheduler: {policy: linux-dl}\ntasks:\n  - {name: a, runtime: 2, period: 10, yield_at: [5]}\n' > $T/xy.yaml
expect_rc 2 "$DLSIM" export rt-app $T/xy.yaml
has $T/err 'xy.yaml:5:49: tasks[0] "a": yield_at (sched_yield() calls) cannot be expressed in rt-app'
printf 'format: 1\ntime_unit: ms\nscheduler: {policy: linux-dl}\ntasks:\n  - {name: a, runtime: 2, period: 10, flags: [reclaim]}\n' > $T/xf.yaml
expect_rc 2 "$DLSIM" export rt-app $T/xf.yaml
has $T/err 'xf.yaml:5:46: tasks[0] "a": flags (sched_flags: reclaim, dl-overrun) cannot be expressed in rt-app'
printf 'format: 1\ntime_unit: ms\nscheduler:\n  policy: linux-dl\n  reclaim: grub\ntasks:\n  - {name: a, runtime: 2, period: 10}\n' > $T/xr.yaml
expect_rc 2 "$DLSIM" export rt-app $T/xr.yaml
has $T/err 'xr.yaml:5:12: scheduler.reclaim: grub (SCHED_FLAG_RECLAIM) cannot be expressed in rt-app'
printf 'format: 1\ntime_unit: ms\nscheduler: {on_miss: abort}\ntasks:\n  - {name: a, C: 2, T: 10}\n' > $T/xa.yaml
expect_rc 2 "$DLSIM" export rt-app $T/xa.yaml
has $T/err 'xa.yaml:3:22: scheduler.on_miss: abort cannot be expressed in rt-app'
# a control character in a thread name: the error names the JSON file and path
printf '{"tasks":{"a\\u0001b":{"run":1,"sleep":1}}}' > $T/ctl.json
expect_rc 2 "$DLSIM" import rt-app $T/ctl.json
has $T/err 'ctl.json:1:11: tasks.a\x01b: thread "a\x01b": the thread name (the task'"'"'s name) holds the control character 0x01'
hasnt $T/err 'imported'
# a control character in --name: a usage error naming --name, not the YAML
expect_rc 1 "$DLSIM" import rt-app docs/examples/video.json --name "$(printf 'a\001b')"
has $T/err '--name "a\x01b": holds the control character 0x01'
hasnt $T/err 'imported'
# ... and a --name longer than a scenario name may be (255 bytes)
expect_rc 1 "$DLSIM" import rt-app docs/examples/video.json --name "$(printf '%0300d' 0)"
has $T/err '--name "0000'
has $T/err ': 300 bytes; expected at most 255'
hasnt $T/err 'imported'
expect_rc 0 "$DLSIM" import rt-app docs/examples/video.json --name "$(printf '%0255d' 0)" -o $T/n255.yaml
expect_rc 1 "$DLSIM" import json docs/examples/video.json
expect_rc 3 "$DLSIM" import rt-app $T/nonexistent.json
# import --help names what gives the scenario's name: --name, else
# global.log_basename (docs/rt-app.md), else the file name
"$DLSIM" import --help > $T/help-import.txt 2>&1
has $T/help-import.txt 'global.log_basename'
# --- experiments: gen, -j, shards, merge, resume, GNU parallel -------------
E=$T/exp
mkdir -p $E
cat > $E/acc.yaml <<'EOF'
format: 1
name: acc-uni
platform: {cpus: 1}
scheduler: {policy: edf}
generator:
  tasks: 10
  method: uunifast-discard            # uunifast | uunifast-discard | randfixedsum
  periods: {dist: log-uniform, min: 10, max: 1000, granularity: 1}
  deadlines: {model: constrained, min: 0.5, max: 1.0}   # implicit | constrained | arbitrary
utilization: {from: 0.5, to: 1.0, step: 0.05}
sets: 30                              # per point
tests: [utilization, density, qpa]
simulate: true
seed: 42
EOF
expect_rc 0 "$DLSIM" gen --tasks 5 --utilization 0.7 --deadlines constrained --seed 3 -o $E/gen.yaml
# --slack shapes constrained and arbitrary deadlines only: with implicit
# ones (the default) gen refuses it as the experiment loader refuses
# deadlines.min / .max (one check, rt_gen_slack_check)
expect_rc 1 "$DLSIM" gen --tasks 3 --slack 0.2:0.5 -o $E/slack.yaml
has $T/err 'dlsim gen: --slack is for constrained and arbitrary deadlines'
[ -e $E/slack.yaml ] && bad "gen --slack with implicit deadlines wrote a file" || ok
expect_rc 1 "$DLSIM" gen --tasks 3 --deadlines implicit --slack 0:1
has $T/err '--slack is for constrained and arbitrary deadlines'
expect_rc 0 "$DLSIM" gen --tasks 3 --deadlines arbitrary --slack 0.5:1.5
sed 's/deadlines: {model: constrained, min: 0.5, max: 1.0}/deadlines: {model: implicit, max: 1.0}/' $E/acc.yaml > $E/acc-imp.yaml
expect_rc 2 "$DLSIM" experiment $E/acc-imp.yaml -q -o $E/imp.csv
has $T/err 'acc-imp.yaml:9:37: generator.deadlines: max is for constrained and arbitrary deadlines'
# periods are the multiples of the granularity in [min, max]: none there
# is an error naming the field (before: periods off the granularity)
sed 's/min: 10, max: 1000, granularity: 1}/min: 8, max: 13, granularity: 7}/' $E/acc.yaml > $E/acc-g7.yaml
expect_rc 2 "$DLSIM" experiment $E/acc-g7.yaml -q -o $E/g7.csv
has $T/err 'acc-g7.yaml:8:62: generator.periods.granularity: 7 has no multiple in [min, max] = [8, 13]'
expect_rc 1 "$DLSIM" gen --periods 11:19:10
has $T/err 'granularity 10 has no multiple in [11, 19]'
# --seed of gen and run follow the scenario's seed: rule (digits or 0x
# hex, 0..2^64-1); strtoull took "-1" and " -1" as 2^64 - 1 and 2^64 as
# 2^64 - 1 (gen) without a word, so "-1" ran the sets of seed 2^64 - 1
expect_rc 1 "$DLSIM" gen --tasks 3 --seed -1
has $T/err 'dlsim gen: --seed: "-1" is not a 64-bit unsigned integer; expected 0 to 18446744073709551615'
expect_rc 1 "$DLSIM" gen --tasks 3 --seed 18446744073709551616
has $T/err '--seed: "18446744073709551616" is not a 64-bit unsigned integer'
expect_rc 0 "$DLSIM" gen --tasks 3 --seed 18446744073709551615
has $T/out 'seed 18446744073709551615'
expect_rc 0 "$DLSIM" gen --tasks 3 --seed 0x10
has $T/out 'seed 16'
expect_rc 1 "$DLSIM" run $EX/sporadic.yaml --until 20 --seed " -1"
has $T/err 'dlsim run: --seed: " -1" is not a 64-bit unsigned integer'
expect_rc 0 "$DLSIM" validate $E/gen.yaml
has $T/out "ok: scenario 'gen', 5 tasks on 1 CPU"
expect_rc 0 "$DLSIM" experiment $E/acc.yaml -j 1 -q -o $E/j1.csv
if [ "$(head -1 $E/j1.csv)" = "point,utilization,sets,utilization_accepted,density_accepted,qpa_accepted,sim_missed,sim_exact,contradictions,redrawn,sim_unplaced,simulated" ]; then ok; else bad "experiment CSV header: $(head -1 $E/j1.csv)"; fi
[ "$(grep -c '' $E/j1.csv)" -eq 12 ] && ok || bad "experiment CSV: 11 points expected"
has $E/j1.csv.meta 'hash: '
has $E/j1.csv.meta 'shard: 1/1'
has $E/j1.csv.meta 'complete: true'
expect_rc 0 "$DLSIM" experiment $E/acc.yaml -j 2 -q -o $E/j2.csv
cmp -s $E/j1.csv $E/j2.csv && ok || bad "-j 1 and -j 2 CSVs differ"
for i in 1 2 3; do
	expect_rc 0 "$DLSIM" experiment $E/acc.yaml -j2 -q --shard $i/3 -o $E/s$i.csv
done
expect_rc 0 "$DLSIM" merge -o $E/merged.csv $E/s1.csv $E/s2.csv $E/s3.csv
cmp -s $E/j1.csv $E/merged.csv && ok || bad "3 merged shards differ from the single run"
expect_rc 2 "$DLSIM" merge -o $E/bad.csv $E/s1.csv $E/s2.csv
has $T/err '2 files for 3 shards'
# shards written by an older dlsim (sidecars without the parameter lines)
# still merge to the same CSV
for i in 1 2 3; do
	cp $E/s$i.csv $E/old$i.csv
	grep -v -e '^policy:' -e '^cpus:' -e '^tasks:' -e '^cap:' -e '^period_' \
		-e '^time_unit:' $E/s$i.csv.meta > $E/old$i.csv.meta
done
expect_rc 0 "$DLSIM" merge -o $E/oldmerged.csv $E/old1.csv $E/old2.csv $E/old3.csv
cmp -s $E/j1.csv $E/oldmerged.csv && ok || bad "shards with old sidecars merge differently"
# a stream output (stdout, FIFO): the CSV once, at the end, and no sidecar
# next to it (never "-.meta" nor "/dev/stdout.meta")
DL=$(cd "$(dirname "$DLSIM")" && pwd)/$(basename "$DLSIM")
mkdir -p $E/st && (cd $E/st && "$DL" experiment ../acc.yaml -q -j 1 -o - \
	> ../st.out 2>../st.err) && ok || bad "experiment -o -"
cmp -s $E/j1.csv $E/st.out && ok || bad "experiment -o -: not the CSV once"
[ -z "$(ls -A $E/st)" ] && ok || bad "experiment -o - wrote files: $(ls -A $E/st)"
(cd $E/st && "$DL" merge -o - ../s1.csv ../s2.csv ../s3.csv > ../mst.out) \
	&& ok || bad "merge -o -"
cmp -s $E/j1.csv $E/mst.out && ok || bad "merge -o -: not the CSV"
[ -z "$(ls -A $E/st)" ] && ok || bad "merge -o - wrote files: $(ls -A $E/st)"
mkfifo $E/st/fifo
cat $E/st/fifo > $E/fifo.out &
expect_rc 0 "$DLSIM" merge -o $E/st/fifo $E/s1.csv $E/s2.csv $E/s3.csv
wait
cmp -s $E/j1.csv $E/fifo.out && ok || bad "merge -o FIFO"
[ "$(ls -A $E/st)" = fifo ] && ok || bad "merge -o FIFO wrote: $(ls -A $E/st)"
hasnt $E/oldmerged.csv.meta 'tasks:'
sed 's/seed: 42/seed: 43/' $E/acc.yaml > $E/other.yaml
expect_rc 0 "$DLSIM" experiment $E/other.yaml -q --shard 3/3 -o $E/o3.csv
expect_rc 2 "$DLSIM" merge -o $E/bad.csv $E/s1.csv $E/s2.csv $E/o3.csv
has $T/err 'not shards of one experiment'
# SLURM array variables choose the shard (1-based or 0-based arrays)
SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=3 SLURM_ARRAY_TASK_MIN=0 \
	"$DLSIM" experiment $E/acc.yaml -q -o $E/slurm2.csv && ok || bad "SLURM shard run"
cmp -s $E/s2.csv $E/slurm2.csv && ok || bad "SLURM_ARRAY_TASK_ID=1 of 0..2 is not shard 2/3"
# GNU parallel on this host: 3 shards as 3 jobs (':' is the local sshlogin)
if parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
	parallel --will-cite --sshlogin 2/: "$DLSIM" experiment $E/acc.yaml -q -j 1 \
		--shard {}/3 -o $E/p{}.csv ::: 1 2 3 && ok || bad "GNU parallel run failed"
	expect_rc 0 "$DLSIM" merge -o $E/pmerged.csv $E/p1.csv $E/p2.csv $E/p3.csv
	cmp -s $E/j1.csv $E/pmerged.csv && ok || bad "GNU parallel merge differs from the single run"
else
	bad "GNU parallel is not installed (scripts/install-deps.sh installs it)"
fi
# the Slurm array script, run as Slurm would (array 0..2, 2 CPUs a task)
for i in 0 1 2; do
	SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=3 SLURM_ARRAY_TASK_MIN=0 \
	SLURM_CPUS_PER_TASK=2 DLSIM="$DLSIM" \
		sh scripts/slurm-experiment.sh $E/acc.yaml $E/slurm && ok || bad "slurm task $i"
done
expect_rc 0 "$DLSIM" merge -o $E/slurm.csv $E/slurm/acc-0.csv $E/slurm/acc-1.csv $E/slurm/acc-2.csv
cmp -s $E/j1.csv $E/slurm.csv && ok || bad "Slurm array merge differs from the single run"
# resume: a run cut short (the CSV of its first 4 finished points) finishes
# with the uninterrupted CSV; an interrupted run (SIGINT) likewise
head -5 $E/j1.csv > $E/r.csv
sed 's/complete: true/complete: false/' $E/j1.csv.meta > $E/r.csv.meta
expect_rc 0 "$DLSIM" experiment $E/acc.yaml -j 2 -o $E/r.csv
has $T/out '11 points, 330 sets'
cmp -s $E/j1.csv $E/r.csv && ok || bad "resumed CSV differs"
sed 's/^sets: 30 /sets: 400/' $E/acc.yaml > $E/big.yaml
"$DLSIM" experiment $E/big.yaml -q -j 1 -o $E/k.csv >/dev/null 2>&1 &
kpid=$!
kill -INT $kpid 2>/dev/null
wait $kpid
krc=$?
{ [ "$krc" -eq 130 ] || [ "$krc" -eq 0 ]; } && ok || bad "interrupted experiment: exit $krc"
expect_rc 0 "$DLSIM" experiment $E/big.yaml -q -j 2 -o $E/k.csv
expect_rc 0 "$DLSIM" experiment $E/big.yaml -q -j 2 -o $E/k2.csv
cmp -s $E/k.csv $E/k2.csv && ok || bad "interrupted + resumed CSV differs from a full run"
expect_rc 2 "$DLSIM" experiment $E/other.yaml -q -o $E/j1.csv
has $T/err 'was written by another experiment or shard'
# one set alone, as a scenario
expect_rc 0 "$DLSIM" experiment $E/acc.yaml --item 10:3 -o $E/item.yaml
expect_rc 0 "$DLSIM" validate $E/item.yaml
has $T/out "scenario 'acc-uni-p10-s3', 10 tasks on 1 CPU"
# POINT:SAMPLE are counts (digits only, as --shard's): a sign, a blank,
# hex or a number past 2^64 are refused, never wrapped
for it in '+10:3' '10: 3' '0x1:3' '10:-1' '10:18446744073709551619' '10:' ':3' '10'; do
	expect_rc 1 "$DLSIM" experiment $E/acc.yaml --item "$it" -o $E/item2.yaml
	has $T/err "--item '$it': expected POINT:SAMPLE (numbers from 0)"
done
expect_rc 1 "$DLSIM" experiment $E/acc.yaml --item 10:99999999999 -o $E/item2.yaml
has $T/err 'the experiment has points 0..'
# Slurm's variables: digits only (strtol took '+1'; 2^32 + 1 shards wrapped
# to one and ran the whole experiment)
for v in '+1' ' 1' '4294967297' '1x'; do
	SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT="$v" \
		expect_rc 1 "$DLSIM" experiment $E/acc.yaml -q -o $E/slurmbad.csv
	has $T/err 'SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT do not give a shard 1 <= I <= N'
done
# errors name file:line:col and the valid names
sed 's/tests: \[utilization, density, qpa\]/tests: [utilization, gfb]/' $E/acc.yaml > $E/badtest.yaml
expect_rc 2 "$DLSIM" experiment $E/badtest.yaml -q
has $T/err 'badtest.yaml:12:22: tests[1]: "gfb" does not analyse this policy and placement; expected one of: utilization, density, pdc, qpa'
expect_rc 1 "$DLSIM" experiment $E/acc.yaml --shard 4/3
# reservations: linux-dl sets in ns that load (__checkparam_dl), the
# kernel's admission against the simulated kernel, cbs over servers
cat > $E/lx.yaml <<'EOF'
format: 1
name: lx
scheduler: {policy: linux-dl, kernel: "6.12"}
reservation: {budget_factor: 0.9}
time_unit: ms
generator:
  tasks: 4
  method: randfixedsum
  periods: {dist: log-uniform, min: 10, max: 50}
  deadlines: {model: constrained, min: 0.5, max: 1.0}
utilization: {from: 0.8, to: 1.0, step: 0.1}
sets: 6
max_jobs: 300
seed: 3
EOF
expect_rc 0 "$DLSIM" experiment $E/lx.yaml -q -o $E/lx.csv
has $E/lx.csv 'point,utilization,sets,utilization_accepted,density_accepted,pdc_accepted,qpa_accepted,linux_accepted,sim_missed,sim_exact,contradictions,redrawn,sim_unplaced,simulated,sim_refused'
has $E/lx.csv.meta 'kernel: 6.12'
has $E/lx.csv.meta 'time_unit: ms'
expect_rc 0 "$DLSIM" experiment $E/lx.yaml --item 1:2 -o $E/lx12.yaml
has $E/lx12.yaml 'time_unit: ns'
has $E/lx12.yaml 'exec: { model: list, values: ['
expect_rc 0 "$DLSIM" validate $E/lx12.yaml
has $T/out "policy linux-dl (kernel 6.12, accounting exact), time unit ns"
sed 's/time_unit: ms/time_unit: tick/' $E/lx.yaml > $E/lxt.yaml
expect_rc 2 "$DLSIM" experiment $E/lxt.yaml -q -o $E/lxt.csv
has $T/err 'time_unit: policy linux-dl needs a physical unit (ns, us, ms or s)'
sed -e 's/policy: edf/policy: cbs/' \
    -e 's/^simulate: true/reservation: {budget_factor: 1.1, deadline: task}\nmax_jobs: 2000/' \
    -e 's/tests: \[utilization, density, qpa\]/tests: [qpa, cbs-bandwidth]/' $E/acc.yaml > $E/cbs.yaml
expect_rc 0 "$DLSIM" experiment $E/cbs.yaml -q -o $E/cbs.csv
has $E/cbs.csv 'point,utilization,sets,qpa_accepted,cbs-bandwidth_accepted,sim_missed'
expect_rc 0 "$DLSIM" experiment $E/cbs.yaml --item 9:0 -o $E/cbs90.yaml
expect_rc 0 "$DLSIM" validate $E/cbs90.yaml
has $E/cbs90.yaml 'servers:'
# tardiness: appended columns; shards merge to the single run
sed 's/^simulate: true/tardiness: true/' $E/acc.yaml > $E/tard.yaml
expect_rc 0 "$DLSIM" experiment $E/tard.yaml -q -o $E/tard.csv
has $E/tard.csv ',simulated,tardiness_sets,max_tardiness,max_tardiness_bound'
for i in 1 2; do
	expect_rc 0 "$DLSIM" experiment $E/tard.yaml -q --shard $i/2 -o $E/tard$i.csv
done
expect_rc 0 "$DLSIM" merge -o $E/tardm.csv $E/tard1.csv $E/tard2.csv
cmp -s $E/tard.csv $E/tardm.csv && ok || bad "tardiness: merged shards differ from the single run"
awk -F, 'NR > 1 && $(NF-1) != $NF { bad = 1 } END { exit bad }' $E/tard.csv && ok || bad "one CPU: max observed tardiness differs from the exact bound"
expect_rc 0 "$DLSIM" plot $E/tard.csv --tardiness -o $E/tard.svg
has $E/tard.svg 'maximum tardiness (ticks)'
expect_rc 1 "$DLSIM" plot $E/j1.csv --tardiness -o $E/notard.png
has $T/err 'no tardiness columns'
# weighted schedulability of two experiments that differ in tasks
sed 's/tasks: 10/tasks: 5/; s/name: acc-uni/name: acc-five/' $E/acc.yaml > $E/five.yaml
expect_rc 0 "$DLSIM" experiment $E/five.yaml -q -o $E/five.csv
expect_rc 0 "$DLSIM" plot $E/j1.csv $E/five.csv --weighted -o $E/w.csv
has $E/w.csv 'tasks,utilization,density,qpa,simulation'
[ "$(grep -c '' $E/w.csv)" -eq 3 ] && ok || bad "weighted table: 2 rows expected"
[ "$(sed -n 2p $E/w.csv | cut -d, -f1)" = 5 ] && ok || bad "weighted table: rows in increasing tasks"
expect_rc 0 "$DLSIM" plot $E/j1.csv $E/five.csv --weighted -o $E/w.png
[ -s $E/w.png ] && ok || bad "weighted figure not written"
expect_rc 0 "$DLSIM" plot $E/j1.csv $E/five.csv --weighted --by tasks -o $E/w2.csv
cmp -s $E/w.csv $E/w2.csv && ok || bad "--by tasks differs from the default"
# every --weighted refusal of CSVs that are fine in themselves is the
# usage error of the combination (exit 1, as --tardiness without the
# columns): none varied, a --by key a sidecar lacks, one value twice,
# a sweep of tasks (it was exit 2 for the first two, 1 for the others)
expect_rc 1 "$DLSIM" plot $E/j1.csv $E/j2.csv --weighted -o $E/w3.png
has $T/err 'the results vary none of the parameters'
expect_rc 1 "$DLSIM" plot $E/j1.csv $E/five.csv --weighted --by nokey -o $E/w3.png
has $T/err "plot --weighted: $E/j1.csv.meta has no number 'nokey: ...'"
expect_rc 1 "$DLSIM" plot $E/j1.csv $E/five.csv -o $E/w4.png
has $T/err 'several CSVs make the --weighted figure'
expect_rc 1 "$DLSIM" plot $E/j1.csv $E/five.csv --weighted --by cpus -o $E/w5.png
# the message names the two CSVs and the key (it said "results 1 and 2
# have the same value 1")
has $T/err "plot --weighted: $E/j1.csv and $E/five.csv have the same cpus (1): one point per value"

# --- admission and mode ---------------------------------------------
for t in qpa density pdc; do
	sed "s/  mode: soft/  admission: $t/" $EX/dario.yaml > $T/adm-$t.yaml
	expect_rc 0 "$DLSIM" run $T/adm-$t.yaml --json
	has $T/out '"misses": 0,'
	has $T/out "{\"time\": 0, \"task\": \"P2\", \"test\": \"$t\", \"verdict\": \"reject\"}"
	has $T/out '{"name": "P2", "released": 0, "completed": 0, "missed": 0'
	expect_rc 0 "$DLSIM" run $T/adm-$t.yaml --fail-on-miss
	has $T/out "task P2 rejected at 0 tick by admission test $t: it never ran"
done
expect_rc 0 "$DLSIM" analyze $T/adm-qpa.yaml
has $T/out 'note: scheduler.admission / mode is not applied here'
has $T/out 'contradictions: none'
expect_rc 0 "$DLSIM" analyze $EX/admission.yaml --json
sed "s/  mode: soft/  admission: utilization/" $EX/dario.yaml > $T/adm-u.yaml
expect_rc 0 "$DLSIM" run $T/adm-u.yaml --json --until 20
has $T/out '"misses": 2, "max_tardiness": 3,'
has $T/out '{"time": 0, "task": "P2", "test": "utilization", "verdict": "accept"}'
sed "s/  mode: soft/  admission: fp-rta/" $EX/dario.yaml > $T/adm-fp.yaml
for c in run validate analyze; do
	expect_rc 2 "$DLSIM" $c $T/adm-fp.yaml
	has $T/err 'adm-fp.yaml:21:14: scheduler.admission: "fp-rta" is not a test that analyses policy edf on one CPU; expected none or one of: utilization, density, pdc, qpa'
done
sed "s/  mode: soft/  admission: bogus/" $EX/dario.yaml > $T/adm-bogus.yaml
expect_rc 2 "$DLSIM" validate $T/adm-bogus.yaml
has $T/err 'adm-bogus.yaml:21:14: scheduler.admission: "bogus" is not a test'
sed "s/  mode: soft/  mode: hard/" $EX/dario.yaml > $T/mode-hard.yaml
expect_rc 0 "$DLSIM" run $T/mode-hard.yaml --json
has $T/out '{"time": 0, "task": "P2", "test": "qpa", "verdict": "reject"}'
has $T/out '"mode": "hard", "guarantee_violations": 0, "unguaranteed_misses": 0}'
# mode: hard with a named test that is only necessary here (utilization,
# D < T): its accept guarantees nothing, so P2's miss (by 3) is a miss,
# not a guarantee violation
sed "s/  mode: soft/  mode: hard\n  admission: utilization/" $EX/dario.yaml > $T/mode-hard-u.yaml
expect_rc 0 "$DLSIM" run $T/mode-hard-u.yaml
has $T/out 'mode hard: 1 deadline miss of tasks admitted by a test that guarantees nothing for them'
hasnt $T/out 'GUARANTEE VIOLATED'
expect_rc 0 "$DLSIM" run $T/mode-hard-u.yaml --json
has $T/out '"mode": "hard", "guarantee_violations": 0, "unguaranteed_misses": 1}'
expect_rc 4 "$DLSIM" run $T/mode-hard-u.yaml --quiet --fail-on-miss
expect_rc 0 "$DLSIM" run $EX/dario.yaml --json --until 20
has $T/out '{"time": 0, "task": "P2", "test": "utilization", "verdict": "accept"}'
has $T/out '"mode": "soft", "tardiness_bound_exceeded": 0, "tardiness_bounds": [{"task": "P1", "bound": 3, "observed": 0}, {"task": "P2", "bound": 3, "observed": 3}]}'
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20
has $T/out 'mode soft: task P2: max tardiness 3 tick <= bound 3 tick'
# admission charges a job the demand analyze charges (its exec model's
# largest): A's job 1 demands 6 > D = 5, so qpa rejects A (admitted by C
# it ran [0, 2), [10, 16) and missed 15 and B's 5: a "guarantee" that
# did not hold); B alone runs [0, 2), [10, 12) and meets every deadline
scn overrun-hard 'format: 1
horizon: 20
scheduler: { mode: hard }
tasks:
  - { name: A, C: 2, D: 5, T: 10, exec: { model: list, values: [2, 6] } }
  - { name: B, C: 2, D: 5, T: 10 }'
expect_rc 0 "$DLSIM" run $T/overrun-hard.yaml
has $T/out 'task A rejected at 0 tick by admission test qpa: it never ran'
has $T/out 'mode hard: every admitted task met every deadline (guarantee held)'
expect_rc 0 "$DLSIM" run $T/overrun-hard.yaml --fail-on-miss --quiet
expect_rc 0 "$DLSIM" run $T/overrun-hard.yaml --json
has $T/out '"mode": "hard", "guarantee_violations": 0, "unguaranteed_misses": 0}'
expect_rc 0 "$DLSIM" analyze $T/overrun-hard.yaml
# (sufficient: A analysed with 6 for every job, which its list is not)
has $T/out 'qpa            sufficient  reject'
# cbs under mode: hard: qpa admits the server S (2, 5, 5) and B; A
# (C 3 > Q 2) has no guarantee of its own: [0, 3) B, [3, 5) A on S
# (exhausted at 5: d = 10), [5, 6) A done at 6 > 5, a miss with no
# guarantee given (it was reported GUARANTEE VIOLATED)
scn cbs-over 'format: 1
horizon: 10
scheduler: { policy: cbs, mode: hard }
servers: [{ name: S, budget: 2, period: 5 }]
tasks:
  - { name: A, C: 3, D: 5, T: 10, server: S }
  - { name: B, C: 3, D: 4, T: 10 }'
expect_rc 0 "$DLSIM" run $T/cbs-over.yaml
has $T/out 'mode hard: 1 deadline miss of tasks admitted by a test that guarantees nothing for them (a necessary test'"'"'s accept, or a reservation that does not cover their jobs): no guarantee was given'
hasnt $T/out 'GUARANTEE VIOLATED'
expect_rc 0 "$DLSIM" run $T/cbs-over.yaml --json
has $T/out '"mode": "hard", "guarantee_violations": 0, "unguaranteed_misses": 1}'
expect_rc 4 "$DLSIM" run $T/cbs-over.yaml --quiet --fail-on-miss
# edf-split: H's jobs demand 4 > its C 2, which the hard test charged:
# [0, 4) H, [4, 6) G (late by 2), [6, 8) H.1, and H.1, G.1 pending at 8:
# no hard task had a guarantee (they were 3 guarantee violations)
scn split-over 'format: 1
horizon: 8
scheduler: { policy: edf-split }
tasks:
  - { name: H, C: 2, T: 4, class: hard, exec: { model: list, values: [4] } }
  - { name: G, C: 2, T: 4, class: hard }'
expect_rc 0 "$DLSIM" run $T/split-over.yaml
has $T/out "hard class: 2 of 2 tasks admitted, 4 jobs, 3 missed -- no guarantee was given (a hard task's jobs leave the C, D, T its test charged)"
hasnt $T/out 'GUARANTEE VIOLATED'
expect_rc 0 "$DLSIM" run $T/split-over.yaml --json
has $T/out '"misses": 3, "max_tardiness": 2, "guarantee_violations": 0, "unguaranteed_misses": 3}'
# two releases at one instant: one job of twice the demand for both
# analyze and admission: K (C 1, D 2) runs [0, 1), [1, 2), both due at 2:
# admitted, and analyze accepts with no contradiction
scn coincide 'format: 1
horizon: 20
scheduler: { admission: qpa }
tasks:
  - { name: K, C: 1, D: 2, T: 10, releases: [0, 0, 10] }'
expect_rc 0 "$DLSIM" run $T/coincide.yaml
hasnt $T/out 'rejected'
has $T/out 'no deadline miss'
expect_rc 0 "$DLSIM" analyze $T/coincide.yaml
# (sufficient: K analysed as (2, 2, 10), two jobs at every release)
has $T/out 'qpa            sufficient  accept'
hasnt $T/out 'CONTRADICTIONS'
expect_rc 0 "$DLSIM" run $EX/admission.yaml --json
has $T/out '"rejected": 2,'
expect_rc 0 "$DLSIM" validate $EX/admission.yaml
has $T/out 'policy edf, admission qpa, time unit tick'
expect_rc 0 "$DLSIM" validate $T/mode-hard.yaml
has $T/out 'policy edf, mode hard (admission by the strongest sound test), time unit tick'
# policy names are checked by validate exactly as by run
for p in EDF rm; do
	scn pol-$p "format: 1
scheduler: { policy: $p }
tasks: [{ name: a, C: 1, T: 2 }]"
	expect_rc 2 "$DLSIM" validate $T/pol-$p.yaml
	has $T/err "pol-$p.yaml:2:22: scheduler.policy: \"$p\" is not a policy; expected one of: edf, fp, cbs, linux-dl, edf-split"
done
scn mode-ldl 'format: 1
time_unit: ms
scheduler: { policy: linux-dl, mode: hard }
tasks: [{ name: a, C: 1, T: 2 }]'
expect_rc 2 "$DLSIM" validate $T/mode-ldl.yaml
has $T/err 'mode-ldl.yaml:3:38: scheduler.mode: policy linux-dl has its own admission'
scn srv-edf 'format: 1
scheduler: { policy: edf }
servers: [{ name: S, budget: 1, period: 2 }]
tasks: [{ name: a, C: 1, T: 2, server: S }]'
expect_rc 2 "$DLSIM" validate $T/srv-edf.yaml
has $T/err 'srv-edf.yaml:2:22: scheduler.policy: policy edf does not run servers'

# throttled counts only time with work pending: linux-dl P1 uses
# exactly its runtime, then sits throttled with nothing to run
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml --json
has $T/out '{"name": "P1", "budget_exhaustions": 2, "deadline_misses": 0, "throttled_time": 0, "replenishments": 2, "max_lateness": 0, "throttled_idle_time": 12000000, "overruns": 0, "max_overrun": 0, "dl_overrun": 0}'
expect_rc 0 "$DLSIM" run $EX/linux-dl.yaml
has $T/out 'P1                         2              2            0            0            0'

# a job whose deadline overflows stops run: validate says so first
scn dl-overflow 'format: 1
horizon: 9000000000000000000
tasks: [{ name: a, C: 1, D: 2000000000000000000, T: 1000000000000000000 }]'
expect_rc 2 "$DLSIM" validate $T/dl-overflow.yaml
has $T/err 'dl-overflow.yaml:3:9: tasks[0]: the job arriving at 8000000000000000000 would have deadline 8000000000000000000 + 2000000000000000000, past the time range'
scn dl-overflow2 'format: 1
tasks: [{ name: a, C: 1, D: 9000000000000000000, T: 9000000000000000000, offset: 5000000000000000000 }]'
expect_rc 2 "$DLSIM" run $T/dl-overflow2.yaml
# sporadic jobs after the first may arrive at any instant up to the horizon
scn dl-overflow3 'format: 1
time_unit: tick
horizon: 100000
tasks: [{ name: a, C: 1, T: 10, D: 9223372036854775800, arrival: { model: sporadic, max_delay: 3 } }]'
expect_rc 2 "$DLSIM" validate $T/dl-overflow3.yaml
has $T/err 'dl-overflow3.yaml:4:9: tasks[0]: the job arriving at 99999 would have deadline 99999 + 9223372036854775800, past the time range'
expect_rc 2 "$DLSIM" run $T/dl-overflow3.yaml
has $T/err 'dl-overflow3.yaml:4:9: tasks[0]: the job arriving at 99999 would have deadline 99999 + 9223372036854775800, past the time range'
# without horizon: validate checks up to the default horizon run chooses
# (here capped by the job count), so both refuse with the same error
scn dl-overflow4 'format: 1
time_unit: tick
tasks: [{ name: a, C: 1, T: 10, D: 9223372036854775800, arrival: { model: sporadic, max_delay: 3 } }]'
expect_rc 2 "$DLSIM" validate $T/dl-overflow4.yaml
has $T/err 'dl-overflow4.yaml:3:9: tasks[0]: the job arriving at 99999989 would have deadline 99999989 + 9223372036854775800, past the time range'
cp $T/err $T/err-validate4
expect_rc 2 "$DLSIM" run $T/dl-overflow4.yaml
cmp -s $T/err $T/err-validate4 && ok || bad "run and validate differ on dl-overflow4"

# engine and kernel checks are load errors for validate and run alike
scn par-kind 'format: 1
servers: [{ name: S, kind: bogus, budget: 1, period: 2 }]
tasks: [{ name: a, C: 1, T: 2, server: S }]'
scn par-splitp 'format: 1
platform: {cpus: 2}
scheduler: { policy: edf-split, placement: partitioned }
tasks: [{ name: a, C: 1, T: 2 }]'
scn par-ckp 'format: 1
time_unit: us
scheduler: { policy: linux-dl }
tasks: [{ name: a, C: 0.5, T: 2 }]'
scn par-grub2 'format: 1
time_unit: ms
platform: {cpus: 2}
scheduler: { policy: linux-dl, reclaim: grub }
tasks: [{ name: a, C: 1, T: 2 }]'
expect_rc 2 "$DLSIM" validate $T/par-splitp.yaml
has $T/err 'par-splitp.yaml:3:22: scheduler.policy: policy edf-split runs one global runqueue'
expect_rc 2 "$DLSIM" validate $T/par-grub2.yaml
has $T/err 'par-grub2.yaml:4:41: scheduler.reclaim: reclaim: grub is modelled in root domains of one CPU only'
expect_rc 2 "$DLSIM" validate $T/par-ckp.yaml
has $T/err 'par-ckp.yaml:4:9: tasks[0]: task a: __checkparam_dl'

scn key-ht 'format: 1
scheduler: { policy: edf, hard_test: density }
tasks: [{ name: a, C: 1, T: 2 }]'
expect_rc 2 "$DLSIM" validate $T/key-ht.yaml
has $T/err 'key-ht.yaml:2:27: scheduler.hard_test: only with policy: edf-split; expected no hard_test with policy: edf'

# --- validate and run agree on every input above ------------------
# Whatever run refuses as invalid (exit 2), validate refuses with the same
# message, and the other way round.
for f in $T/*.yaml $EX/*.yaml; do
	"$DLSIM" validate "$f" >/dev/null 2>"$T/v.err"; vrc=$?
	"$DLSIM" run "$f" --quiet --until 1 >/dev/null 2>"$T/r.err"; rrc=$?
	if [ "$vrc" -eq 2 ] || [ "$rrc" -eq 2 ]; then
		if [ "$vrc" -eq "$rrc" ] && cmp -s "$T/v.err" "$T/r.err"; then ok; else
			bad "validate ($vrc) and run ($rrc) disagree on $f"
			sed 's/^/    v: /' "$T/v.err" | head -3
			sed 's/^/    r: /' "$T/r.err" | head -3
		fi
	elif [ "$vrc" -eq 0 ] && [ "$rrc" -eq 0 ]; then ok; else
		bad "validate ($vrc) / run ($rrc) on $f"
	fi
done
# --- trace-cmd text out and in (docs/trace-cmd.md) -------------------------
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --ftrace $T/d.txt --quiet
has $T/d.txt '              P1-1000  [000]     0.000004: sched_switch:         P1:1000 [-1] S ==> P2:1001 [-1]'
if [ "$(grep -c 'sched_switch:' $T/d.txt)" -eq 6 ]; then ok; else bad "dario ftrace: 6 sched_switch"; fi
# render writes it from a log, --ftrace alone (it was "nothing to write")
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --log $T/d20.bin --quiet
expect_rc 0 "$DLSIM" render $T/d20.bin --ftrace $T/d20.txt
cmp -s $T/d.txt $T/d20.txt && ok || bad "render --ftrace differs from run --ftrace"
# a log converted by render keeps every record's job info, even info no
# engine would give (a START whose deadline is not its release's): the
# run's binary writer trusts the engine's rule (render_log_engine_sink),
# a replay's does not
expect_rc 0 "$DLSIM" run $EX/dario.yaml --until 20 --log $T/pr.jsonl --quiet
sed '0,/"event":"start","cpu":0,"task":"P2"/{s/\("event":"start","cpu":0,"task":"P2".*"deadline":\)5/\17/}' \
	$T/pr.jsonl > $T/pc.jsonl
if cmp -s $T/pr.jsonl $T/pc.jsonl; then bad "premise: the log was not changed"; else ok; fi
expect_rc 0 "$DLSIM" render $T/pc.jsonl --log $T/pc.bin
expect_rc 0 "$DLSIM" render $T/pc.bin --log $T/pb.jsonl
cmp -s $T/pc.jsonl $T/pb.jsonl && ok ||
	bad "render --log .bin of a log breaking the engine's rule lost its info"
# ... for every example, from either log: the header tells a fair task's
# class, a pinned task's CPU and a served task's server (the chart's
# label), and the fair server (their charts and ftrace differed)
for f in $EX/*.yaml; do
	n=$(basename "$f" .yaml)
	"$DLSIM" run "$f" --quiet --ftrace $T/rr.txt --gantt $T/rr.svg \
		--log $T/rr.jsonl >/dev/null 2>&1 || { bad "$n: run"; continue; }
	"$DLSIM" run "$f" --quiet --log $T/rr.bin >/dev/null 2>&1
	for l in jsonl bin; do
		"$DLSIM" render $T/rr.$l --ftrace $T/re.txt -o $T/re.svg \
			>/dev/null 2>&1 &&
		cmp -s $T/rr.txt $T/re.txt && cmp -s $T/rr.svg $T/re.svg && ok ||
			bad "$n: render of the $l log differs from run (ftrace or chart)"
	done
done
expect_rc 0 "$DLSIM" run $EX/cbs-isolation.yaml --quiet --log $T/rr.jsonl
has $T/rr.jsonl '"tasks":[{"name":"A","C":2,"D":100,"T":100,"server":0},'
has $T/rr.jsonl '"servers":[{"name":"SA","Q":2,"D":4,"T":4},{"name":"SB","Q":3,"D":6,"T":6}]}'
# the header's new keys, checked (hand-made headers)
hdr() { printf '{"type":"header","format":1,"time_unit":"tick","cpus":2,"horizon":10,%s}\n{"t":10,"event":"end","cpu":null,"value":0}\n' "$1" > $T/h.jsonl; }
hdr '"tasks":[{"name":"a","C":1,"D":2,"T":2,"class":"fair"}],"fair_server":{"runtime":1,"period":4}'
expect_rc 0 "$DLSIM" render $T/h.jsonl -o $T/h.svg
# a header render refuses (exit 2), naming what is wrong
hdr_refused() {
	hdr "$1"
	expect_rc 2 "$DLSIM" render $T/h.jsonl -o $T/h.svg
	has $T/err "$2"
}
hdr_refused '"tasks":[{"name":"a","C":1,"D":2,"T":2,"class":"batch"}]' \
	'expected "hard", "soft" or "fair"'
has $T/err 'class'
hdr_refused '"tasks":[{"name":"a","C":1,"D":2,"T":2,"cpu":2}]' \
	"a task's CPU must be below \"cpus\""
hdr_refused '"tasks":[{"name":"a","C":1,"D":2,"T":2,"server":1}],"servers":[{"name":"S","Q":1,"D":2,"T":2}]' \
	"a task's server must index \"servers\""
hdr_refused '"tasks":[{"name":"a","C":1,"D":2,"T":2,"server":0}],"servers":[{"name":"S","Q":1,"T":2}]' \
	'each server needs "name", "Q", "D" and "T"'
hdr_refused '"tasks":[{"name":"a","C":1,"D":2,"T":2}],"fair_server":{"runtime":5,"period":4}' \
	'expected 0 < runtime <= period'
expect_rc 0 "$DLSIM" compare $T/d.txt $EX/dario.yaml --gantt $T/cmp.svg
has $T/out 'largest divergence: 0 (the simulation reproduces every job of the trace)'
has $T/out 'P2                   2  8/8/8                  8/8/8                         2        2         0'
[ -s $T/cmp.svg ] && ok || bad "compare --gantt wrote nothing"
expect_rc 0 "$DLSIM" compare tests/data/ftrace/dario-perturbed.txt $EX/dario.yaml
has $T/out 'largest divergence: 1 at 10: P1 job 1 released at 10, measured response 5, simulated 4'
expect_rc 0 sh -c "\"$DLSIM\" compare - $EX/dario.yaml < tests/data/ftrace/dario-kernel.txt"
has $T/out 'time 0 = trace 105512.000000 s'
# both from standard input: a usage error (the scenario found stdin
# drained by the trace: "<stdin>:1:1: the scenario is a single value",
# exit 2)
expect_rc 1 sh -c "\"$DLSIM\" compare - - < tests/data/ftrace/dario-kernel.txt"
has $T/err "the trace and the scenario cannot both be read from standard input ('-')"
expect_rc 2 "$DLSIM" compare $EX/dario.yaml $EX/dario.yaml
has $T/err 'no sched_switch or sched_wakeup of the scenario'"'"'s tasks'
expect_rc 1 "$DLSIM" compare $T/d.txt
expect_rc 1 "$DLSIM" compare $T/d.txt $EX/dario.yaml --gantt $T/x.bmp
# a task name of 30 characters keeps the table aligned: the name column
# is as wide as the longest name (it was 16 wide, and the row pushed its
# cells right); ftrace comms are cut to 15 bytes but still matched
scn cmplong 'format: 1
name: long-names
platform: {cpus: 1}
scheduler: {policy: edf}
tasks:
  - {name: a_task_name_of_thirty_chars_x1, C: 4, D: 5, T: 10}
  - {name: P2, C: 4, D: 5, T: 10}'
expect_rc 0 "$DLSIM" run $T/cmplong.yaml --until 20 --ftrace $T/cmplong.txt -q
expect_rc 0 "$DLSIM" compare $T/cmplong.txt $T/cmplong.yaml
has $T/out 'task                            jobs  measured min/med/max   simulated min/med/max  miss-obs miss-sim  max-diff'
has $T/out 'a_task_name_of_thirty_chars_x1     2  4/4/4                  4/4/4                         0        0         0'
has $T/out 'P2                                 2  8/8/8                  8/8/8                         2        2         0'
# every row ends its jobs count where the header's "jobs" ends
awk 'NR == 2 { e = index($0, "jobs") + 3 } NR > 2 && /^[A-Za-z]/ && !/^largest/ {
	if (substr($0, e, 1) !~ /[0-9]/ || substr($0, e + 1, 1) != " ") bad = 1 }
	END { exit bad }' $T/out && ok || bad "compare table misaligned: $(cat $T/out)"
# a chart that cannot be written fails before the report is printed
# (exit 3, nothing on stdout): the report came first, then the error
expect_rc 3 "$DLSIM" compare $T/d.txt $EX/dario.yaml --gantt $T/nodir/x.png
has $T/err 'dlsim: --gantt: build/cli-tests/nodir/x.png: cannot create a file next to it: No such file or directory (ENOENT)'
[ -s $T/out ] && bad "compare --gantt nodir/x.png printed: $(head -2 $T/out)" || ok
mknod $T/cmpfull c 1 7 2>/dev/null
if [ -c $T/cmpfull ]; then
	ln -s cmpfull $T/cmpfull.svg
	expect_rc 3 "$DLSIM" compare $T/d.txt $EX/dario.yaml --gantt $T/cmpfull.svg
	has $T/err 'cmpfull.svg: write failed: No space left on device (ENOSPC)'
	[ -s $T/out ] && bad "compare --gantt FULL printed: $(head -2 $T/out)" || ok
else
	echo "skip: compare --gantt to a full device (mknod needs root)"
fi
# sub-microsecond times: the trace rounds every release to the us, the
# rebased 0 too (offset 1939 -> 0.000002 s), so A's job 5, released at
# 1939 + 5 x 3251220 = 16258039 (rebased 16256100), reads 16258000 - 2000
# = 16256000: 100 ns early.  Simulated at that rounded instant, before the
# period of its predecessor (which used its whole runtime, 1999998) ends,
# the job ended 1251584 ns later than measured; compare now simulates the
# scenario's release, which lies within 1 us of the measured one, and
# dlsim's own trace compares as equal within 1 us
scn subus 'format: 1
name: subus
time_unit: ns
horizon: 20000000
scheduler: { policy: linux-dl }
tasks:
  - { name: A, runtime: 1999998, deadline: 2583842, period: 3251220, offset: 1939 }'
expect_rc 0 "$DLSIM" run $T/subus.yaml --ftrace $T/subus.txt --quiet
expect_rc 0 "$DLSIM" compare $T/subus.txt $T/subus.yaml
has $T/out 'largest divergence: 0 (the simulation reproduces every job of the trace)'
hasnt $T/err 'warning'
# overload, jobs back to back: a job end is inferred from the job's run
# lengths, each within 1 us of the true one.  T1 job 1 (C 3879955) runs
# [6604512, 10484467) and T1 job 2 goes on at once; the trace shows the
# run as [6605000, 10484000), 3879000 long, 955 short of C: accepted as
# the end (before: the job went on, and compare reported a divergence of
# 2725488)
scn subus2 'format: 1
name: subus2
time_unit: ns
horizon: 20000000
tasks:
  - { name: T0, C: 2724557, T: 5263951 }
  - { name: T1, C: 3879955, T: 5113203 }'
expect_rc 0 "$DLSIM" run $T/subus2.yaml --ftrace $T/subus2.txt --quiet
expect_rc 0 "$DLSIM" compare $T/subus2.txt $T/subus2.yaml
has $T/out 'largest divergence: 0 (the simulation reproduces every job of the trace)'
# ... but a job cut into many runs adds up their rounding (T0's job 0,
# preempted by T1 and T2 again and again): its end can be missed, and
# compare says on stderr that the divergence may come from the rounding
scn subus3 'format: 1
name: subus3
time_unit: ns
horizon: 30000000
scheduler: { policy: fp }
tasks:
  - { name: T0, C: 2645742, T: 5025798 }
  - { name: T1, C: 873617, T: 2489053 }
  - { name: T2, C: 2244511, T: 4346220 }'
expect_rc 0 "$DLSIM" run $T/subus3.yaml --ftrace $T/subus3.txt --quiet
expect_rc 0 "$DLSIM" compare $T/subus3.txt $T/subus3.yaml
has $T/err 'dlsim compare: warning: times below the trace'"'"'s 1 us resolution (task T0): 0 release(s) simulated at the trace'"'"'s rounded instant'
has $T/err 'differences larger than 1 us may come from the rounding'

# --- habits: --version, '-', colour only on terminals, bash completion -----
expect_rc 0 "$DLSIM" --version
if grep -qE '^dlsim [0-9]+\.[0-9]+\.[0-9]+( \(git [^)]+\))?$' $T/out; then ok; else bad "--version: $(cat $T/out)"; fi
if git -C . rev-parse --git-dir >/dev/null 2>&1; then has $T/out '(git '; fi
expect_rc 0 sh -c "\"$DLSIM\" validate - < $EX/dario.yaml"
has $T/out 'ok: scenario'
expect_rc 0 sh -c "\"$DLSIM\" run - --until 20 --quiet < $EX/dario.yaml"
expect_rc 2 sh -c "echo 'format: 2' | \"$DLSIM\" validate -"
has $T/err '<stdin>'
expect_rc 3 "$DLSIM" validate $T/missing-file.yaml
hasnt $T/err "$(printf '\033')"
CLICOLOR_FORCE=1 "$DLSIM" validate $T/missing-file.yaml 2>$T/err
has $T/err "$(printf '\033[1;31mdlsim:\033[0m')"
NO_COLOR=1 CLICOLOR_FORCE=1 "$DLSIM" validate $T/missing-file.yaml 2>$T/err
hasnt $T/err "$(printf '\033')"
if command -v bash >/dev/null 2>&1; then
	bash -n scripts/dlsim.bash-completion && ok || bad "completion: syntax"
	r=$(bash -c '. scripts/dlsim.bash-completion; COMP_WORDS=(dlsim im); COMP_CWORD=1; _dlsim; echo "${COMPREPLY[*]}"')
	[ "$r" = "import" ] && ok || bad "completion of 'dlsim im': '$r'"
	r=$(bash -c '. scripts/dlsim.bash-completion; COMP_WORDS=(dlsim export r); COMP_CWORD=2; _dlsim; echo "${COMPREPLY[*]}"')
	[ "$r" = "rt-app" ] && ok || bad "completion of 'dlsim export r': '$r'"
	r=$(bash -c '. scripts/dlsim.bash-completion; COMP_WORDS=(dlsim run x.yaml --ft); COMP_CWORD=3; _dlsim; echo "${COMPREPLY[*]}"')
	[ "$r" = "--ftrace" ] && ok || bad "completion of 'dlsim run x --ft': '$r'"
	# validate takes --quiet and --linux, analyze --json, --all, --until
	r=$(bash -c '. scripts/dlsim.bash-completion; COMP_WORDS=(dlsim validate x.yaml --); COMP_CWORD=3; _dlsim; echo "${COMPREPLY[*]}"')
	[ "$r" = "--quiet --linux --help" ] && ok || bad "completion of 'dlsim validate x --': '$r'"
	r=$(bash -c '. scripts/dlsim.bash-completion; COMP_WORDS=(dlsim analyze x.yaml --); COMP_CWORD=3; _dlsim; echo "${COMPREPLY[*]}"')
	[ "$r" = "--json --all --until --help" ] && ok || bad "completion of 'dlsim analyze x --': '$r'"
	# run and render offer every chart option (--font, --axis-unit,
	# --color-by and --max-output were missing, render's --gantt too) and
	# render a binary log as well as a JSONL one
	r=$(bash -c '. scripts/dlsim.bash-completion; COMP_WORDS=(dlsim render x.jsonl --col); COMP_CWORD=3; _dlsim; echo "${COMPREPLY[*]}"')
	[ "$r" = "--color-by" ] && ok || bad "completion of 'dlsim render x --col': '$r'"
	r=$(bash -c '. scripts/dlsim.bash-completion; COMP_WORDS=(dlsim render x.jsonl --ga); COMP_CWORD=3; _dlsim; echo "${COMPREPLY[*]}"')
	[ "$r" = "--gantt --gantt-rows" ] && ok || bad "completion of 'dlsim render x --ga': '$r'"
	r=$(bash -c '. scripts/dlsim.bash-completion; COMP_WORDS=(dlsim run x.yaml --max); COMP_CWORD=3; _dlsim; echo "${COMPREPLY[*]}"')
	[ "$r" = "--max-output --max-memory" ] && ok || bad "completion of 'dlsim run x --max': '$r'"
	r=$(bash -c '. scripts/dlsim.bash-completion; COMP_WORDS=(dlsim run x.yaml --axis-unit m); COMP_CWORD=4; _dlsim; echo "${COMPREPLY[*]}"')
	[ "$r" = "ms" ] && ok || bad "completion of 'dlsim run x --axis-unit m': '$r'"
	# export takes -o only: --cpus and --name (import's) were offered
	# and refused ("unknown option")
	r=$(bash -c '. scripts/dlsim.bash-completion; COMP_WORDS=(dlsim export rt-app x.yaml --); COMP_CWORD=4; _dlsim; echo "${COMPREPLY[*]}"')
	[ "$r" = "--output --help" ] && ok || bad "completion of 'dlsim export rt-app x --': '$r'"
	r=$(bash -c '. scripts/dlsim.bash-completion; COMP_WORDS=(dlsim import rt-app x.json --); COMP_CWORD=4; _dlsim; echo "${COMPREPLY[*]}"')
	[ "$r" = "--output --cpus --name --help" ] && ok || bad "completion of 'dlsim import rt-app x --': '$r'"
	mkdir -p $T/cmpl && : > $T/cmpl/log.bin && : > $T/cmpl/log.jsonl && : > $T/cmpl/log.csv
	top=$(pwd)
	r=$(cd $T/cmpl && bash -c '. "$1"/scripts/dlsim.bash-completion; COMP_WORDS=(dlsim render lo); COMP_CWORD=2; _dlsim; echo "${COMPREPLY[*]}"' sh "$top")
	[ "$r" = "log.jsonl log.bin" ] && ok || bad "completion of 'dlsim render lo': '$r'"
fi
# a sweep over the number of tasks: shards merge to the single run; the
# figure puts n on the x axis
cat > $E/sweep.yaml <<'EOF'
format: 1
name: sweep
platform: {cpus: 2}
generator:
  tasks: 4
  method: randfixedsum
  periods: {dist: log-uniform, min: 10, max: 200}
  deadlines: {model: implicit}
sweep: {variable: tasks, from: 4, to: 12, step: 4}
utilization: {value: 1.2, step: 0.1}
sets: 10
max_jobs: 2000
seed: 1
EOF
expect_rc 0 "$DLSIM" experiment $E/sweep.yaml -q -o $E/sw.csv
has $E/sw.csv ',simulated,tasks'
has $E/sw.csv ',10,12'
for i in 1 2; do
	expect_rc 0 "$DLSIM" experiment $E/sweep.yaml -q --shard $i/2 -o $E/sw$i.csv
done
expect_rc 0 "$DLSIM" merge -o $E/swm.csv $E/sw1.csv $E/sw2.csv
cmp -s $E/sw.csv $E/swm.csv && ok || bad "tasks sweep: merged shards differ"
expect_rc 0 "$DLSIM" plot $E/sw.csv -o $E/sw.svg
# a tasks sweep has no utilization sweep to weigh: the message names it
expect_rc 1 "$DLSIM" plot $E/j1.csv $E/sw.csv --weighted --by cpus -o $E/sww.csv
has $T/err "plot --weighted: $E/sw.csv sweeps the number of tasks, not the utilization"
# the acceptance-ratio figure
for ext in png svg pdf; do
	expect_rc 0 "$DLSIM" plot $E/j1.csv -o $E/acc.$ext --title "EDF, 1 CPU"
	[ -s $E/acc.$ext ] && ok || bad "plot wrote no $ext"
done
has $E/acc.svg '<text x='
has $E/acc.svg 'transform="rotate(-90'
expect_rc 1 "$DLSIM" plot $E/j1.csv -o $E/acc.gif
expect_rc 0 "$DLSIM" experiment $E/acc.yaml -q -o $E/j1.csv --plot $E/acc2.png
[ -s $E/acc2.png ] && ok || bad "experiment --plot wrote nothing"
# --plot with the CSV on standard output: refused before the run (it was
# found after the whole run), no figure, no CSV
"$DLSIM" experiment $E/acc.yaml -q -o - --plot $E/acc3.png > $T/out 2>$T/err; rc=$?
[ $rc -eq 1 ] && ok || bad "experiment -o - --plot: exit $rc, want 1"
has $T/err '--plot '
has $T/err 'acc3.png: -o - is written in place and cannot be read back; give -o FILE.csv'
[ -s $T/out ] && bad "experiment -o - --plot ran the experiment" || ok
[ -e $E/acc3.png ] && bad "experiment -o - --plot drew a figure" || ok

# --- analyze for reservations, jitter, exact values -------------
expect_rc 0 "$DLSIM" analyze $EX/linux-dl.yaml --json
has $T/out '{"name": "linux", "kind": "admission", "verdict": "reject", "analyses": "linux-dl", "domain": 0, "cpus": 1, "cap": 996147, "fair": 0, "total": 838860'
has $T/out '{"task": "P2", "dl_bw": 419430, "before": 419430, "admitted": true}'
has $T/out '{"task": "P3", "dl_bw": 419430, "before": 838860, "admitted": false}'
has $T/out '"compared": ["utilization", "density", "pdc", "qpa", "linux"]'
has $T/out '"left_out": [{"task": "P3", "reason": "refused by the kernel admission (linux)"}]'
# the EDF tests see the two admitted tasks only: U = 4/5 (all three: 6/5)
has $T/out '{"name": "utilization", "kind": "necessary", "verdict": "accept", "analyses": "any"}'
expect_rc 0 "$DLSIM" analyze $EX/linux-dl.yaml
has $T/out 'P3           dl_bw  419430  REFUSED : 838860 + 419430 = 1258290 > 996147'
has $T/out 'utilization    necessary   accept   any              (U = 4/5)'
hasnt $T/out '5000000'
expect_rc 0 "$DLSIM" analyze $EX/cbs-isolation.yaml --json
has $T/out '{"name": "cbs-bandwidth", "kind": "exact", "verdict": "accept", "analyses": "cbs", "domain": 0, "cpus": 1, "bandwidth": "1"}'
has $T/out '"no_job_guarantee": [{"task": "A", "reason": "a job may demand more than the server budget"}]'
expect_rc 0 "$DLSIM" analyze $EX/cbs-isolation.yaml
has $T/out 'verdict: server deadlines guaranteed (exact test'
# release jitter beyond the deadline: never "schedulable"
scn jit 'format: 1
tasks:
  - { name: J, C: 1, D: 2, T: 10, jitter: 5 }'
expect_rc 0 "$DLSIM" analyze $T/jit.yaml
has $T/out 'verdict: NOT schedulable'
hasnt $T/out 'verdict: schedulable'
# jitter below D: analysed with D - J (8 - 3 = 5 >= 2); global tests n/a
scn jit2 'format: 1
platform: { cpus: 2 }
tasks:
  - { name: J, C: 2, D: 8, T: 10, jitter: 3 }
  - { name: K, C: 2, D: 8, T: 10 }'
expect_rc 0 "$DLSIM" analyze $T/jit2.yaml --json
has $T/out '{"name": "gfb", "kind": "sufficient", "verdict": "n/a", "note": "release jitter: this test has no jitter extension"'
has $T/out '"model": {"sporadic": false, "jitter": true'
# fp: utilization is not exact for fixed priority
expect_rc 0 "$DLSIM" analyze $EX/rm-vs-edf.yaml
has $T/out 'utilization    necessary   accept   any'
has $T/out 'fp-rta         exact       reject   fp/1cpu          (rate-monotonic priorities; task 1 (b): R = 8 > D = 7)'
expect_rc 0 "$DLSIM" analyze $EX/rm-vs-edf.yaml --all
has $T/out 'other policies (not compared with the simulation):'
# an aborted miss has no known tardiness
expect_rc 0 "$DLSIM" analyze $EX/abort.yaml
has $T/out '3 misses, max tardiness -'
expect_rc 0 "$DLSIM" analyze $EX/abort.yaml --json
has $T/out '"max_tardiness": null, "max_tardiness_lower": 0'
# U of ten prime periods is ~1e-5, printed exactly in JSON, rounded in text
scn primes 'format: 1
time_unit: ns
horizon: 1000
tasks:
  - { name: a, C: 1, T: 1000003 }
  - { name: b, C: 1, T: 1000033 }
  - { name: c, C: 1, T: 1000037 }
  - { name: d, C: 1, T: 1000039 }
  - { name: e, C: 1, T: 1000081 }
  - { name: f, C: 1, T: 1000099 }
  - { name: g, C: 1, T: 1000117 }
  - { name: h, C: 1, T: 1000121 }
  - { name: i, C: 1, T: 1000133 }
  - { name: j, C: 1, T: 1000151 }'
expect_rc 0 "$DLSIM" analyze $T/primes.yaml
has $T/out 'utilization U ≈ 0.00000999919 (exact fraction in --json)'
expect_rc 0 "$DLSIM" analyze $T/primes.yaml --json
if grep -qF '"utilization": "10007328294104480999787176494999130244720058910982483854/1000814286770212586725981558051875636205461729184334377823773"' $T/out; then ok; else bad "primes: U not exact"; fi
expect_rc 0 "$DLSIM" validate $T/primes.yaml
has $T/out 'U = 10007328294104480999787176494999130244720058910982483854/1000814286770212586725981558051875636205461729184334377823773'
# partition assignments complete
expect_rc 0 "$DLSIM" analyze $EX/global-fails-partition-ok.yaml --json
has $T/out '"name": "partitioned-first-fit-decreasing", "kind": "sufficient", "verdict": "accept", "analyses": "edf/partitioned", "assignment": [1, 1, 0]'
# every example: no contradiction
for f in $EX/*.yaml; do
	expect_rc 0 "$DLSIM" analyze "$f"
done

# --- every command is in the main help and in the bash completion ----------
"$DLSIM" --help > $T/help.txt
for c in run analyze validate render import export compare experiment merge gen plot report; do
	grep -qE "^  $c( |$)" $T/help.txt && ok || bad "dlsim --help does not list $c"
	grep -qE "[ \"]$c[ \"|)]" scripts/dlsim.bash-completion && ok || bad "bash completion does not know $c"
	"$DLSIM" $c --help > /dev/null 2>&1 && ok || bad "dlsim $c --help fails"
done

# --- the README's analyze example is what analyze prints --------------------
awk '/^\$ build\/release\/dlsim analyze scenarios\/examples\/dario.yaml/ { f = 1; next }
     f && /^```/ { exit } f' README.md > $T/readme-analyze.txt
"$DLSIM" analyze $EX/dario.yaml > $T/analyze-dario.txt
if [ -s $T/readme-analyze.txt ] && cmp -s $T/readme-analyze.txt $T/analyze-dario.txt; then ok; else
	bad "README's analyze example differs from dlsim analyze"; diff $T/readme-analyze.txt $T/analyze-dario.txt | head -10
fi

# --- an output on standard output gets it alone: the report goes to stderr --
"$DLSIM" run $EX/dario.yaml --jobs - > $T/stdout-jobs.csv 2> $T/stdout-err.txt
if [ "$(head -1 $T/stdout-jobs.csv)" = "task,job,release,deadline,start,finish,response,tardiness,cpu" ] &&
   [ "$(grep -c '' $T/stdout-jobs.csv)" -eq 3 ]; then ok; else bad "--jobs - mixed the report into the CSV"; fi
has $T/stdout-err.txt '1 deadline miss'
"$DLSIM" run $EX/dario.yaml --jobs - --json > $T/stdout-jobs2.csv 2> $T/stdout-err2.txt
has $T/stdout-err2.txt '"scenario": "dario-4-10-5"'
hasnt $T/stdout-jobs2.csv '"scenario"'

# --- a slower CPU: the default horizon is not the busy period at speed 1 ----
# (C 1 + 2 is busy 3 at speed 1, 5 at capacity 600: the hyperperiod rule)
scn cap600 'format: 1
platform: {cpus: [{capacity: 600, count: 1}]}
scheduler: {policy: edf}
tasks: [{name: A, C: 1, T: 10}, {name: B, C: 2, T: 15}]'
expect_rc 0 "$DLSIM" run $T/cap600.yaml
has $T/out 'horizon 45 tick (hyperperiod)'
has $T/out '8 jobs, 8 completed, 0 missed'

# --- linux-dl: a leaving task's bandwidth returns at its 0-lag time -------
# A (5/10) leaves at 12; its last job (arrival 10, d 20) runs its whole
# runtime, so its 0-lag time is 20: B (6/10) is refused at 13, admitted at
# 20; with sporadic arrivals the instant is only known to be in [12, 22]
scn leave 'format: 1
time_unit: ms
scheduler: {policy: linux-dl}
tasks:
  - {name: A, C: 5, T: 10, leave_at: 12}
  - {name: B, C: 6, T: 10, arrive_at: 13}'
expect_rc 0 "$DLSIM" analyze $T/leave.yaml
has $T/out 'B            dl_bw  629145  REFUSED : 576716 + 629145'
has $T/out 'contradictions: none'
sed 's/arrive_at: 13/arrive_at: 20/' $T/leave.yaml > $T/leave20.yaml
expect_rc 0 "$DLSIM" analyze $T/leave20.yaml
has $T/out 'B            dl_bw  629145  admitted: 52428 + 629145 = 681573'
has $T/out 'peak sum dl_bw 681573'
has $T/out 'contradictions: none'
sed 's/leave_at: 12}/leave_at: 12, arrival: {model: sporadic, max_delay: 3}}/' \
	$T/leave.yaml > $T/leave-sp.yaml
expect_rc 0 "$DLSIM" analyze $T/leave-sp.yaml
has $T/out 'linux          admission   n/a'
has $T/out 'B            dl_bw  629145  depends : 52428 .. 576716 + 629145 vs 996147'
has $T/out 'contradictions: none'
expect_rc 0 "$DLSIM" analyze $T/leave-sp.yaml --json
has $T/out '"admitted": true, "undetermined": true, "before_latest": 576716}'

# --- resources: the synchronous simulation is not exact (blocking) -------------
scn res-sync 'format: 1
name: res-sync
scheduler: { policy: fp, protocol: pip }
resources: [{ name: R }]
tasks:
  - { name: H, C: 2, D: 4, T: 10, sections: [{ resource: R, after: 0, for: 1 }] }
  - { name: L, C: 5, D: 20, T: 20, sections: [{ resource: R, after: 0, for: 4 }] }'
expect_rc 0 "$DLSIM" analyze $T/res-sync.yaml
hasnt $T/out 'exact simulation'
hasnt $T/out 'exact: synchronous'
has $T/out 'not exact'
expect_rc 0 "$DLSIM" analyze $T/res-sync.yaml --json
has $T/out '"exact": false'

# --- standard output checked at exit (a copy of /dev/full, a closed one) ---
mknod $T/full c 1 7 2>/dev/null
if [ -c $T/full ]; then
	for c in "--help" "--version" "validate $EX/dario.yaml" \
		 "gen --tasks 3 --utilization 0.5"; do
		# shellcheck disable=SC2086
		"$DLSIM" $c > $T/full 2>$T/err; rc=$?
		[ $rc -eq 3 ] && ok || bad "dlsim $c > full: exit $rc, want 3"
		has $T/err 'dlsim: standard output: write failed: No space left on device (ENOSPC)'
	done
	# more than one buffer before the end (gen of 400 tasks, a long
	# analysis): the reason of the write that failed, not a guessed EIO
	# (glibc's stdout forgot it), and one line, not two
	"$DLSIM" gen --tasks 400 > $T/full 2>$T/err; rc=$?
	[ $rc -eq 3 ] && ok || bad "dlsim gen --tasks 400 > full: exit $rc, want 3"
	has $T/err 'dlsim: standard output: write failed: No space left on device (ENOSPC)'
	hasnt $T/err 'Input/output error'
	for c in "analyze $EX/dario.yaml" "analyze $EX/dario.yaml --json" \
		 "run $EX/dario.yaml"; do
		# shellcheck disable=SC2086
		"$DLSIM" $c > $T/full 2>$T/err; rc=$?
		[ $rc -eq 3 ] && ok || bad "dlsim $c > full: exit $rc, want 3"
		has $T/err 'dlsim: standard output: write failed: No space left on device (ENOSPC)'
		[ "$(wc -l < $T/err)" -eq 1 ] && ok || bad "dlsim $c > full: $(wc -l < $T/err) lines on stderr, want 1"
	done
fi
if [ -c $T/full ]; then
	# a chart's write error names the file and the reason
	ln -sf full $T/full-g.svg; ln -sf full $T/full-g.png
	expect_rc 3 "$DLSIM" plot util $EX/dario.yaml -o $T/full-g.svg
	has $T/err 'full-g.svg: write failed: No space left on device (ENOSPC)'
	expect_rc 3 "$DLSIM" run $EX/dario.yaml -q --gantt $T/full-g.png
	has $T/err 'full-g.png: write failed: No space left on device (ENOSPC)'
fi
"$DLSIM" --version >&- 2>$T/err; rc=$?
[ $rc -eq 3 ] && ok || bad "dlsim --version >&-: exit $rc, want 3"
has $T/err 'dlsim: standard output: write failed: Bad file descriptor (EBADF)'
expect_rc 0 "$DLSIM" gen --tasks 3 --utilization 0.5 -o $T/closed.yaml >&-

# --- every output flag whose help says '-' accepts it (D8) ----------------
expect_rc 0 "$DLSIM" run $EX/dario.yaml -q --until 20 --log -
has $T/out '{"type":"header","format":1'
expect_rc 0 "$DLSIM" run $EX/dario.yaml -q --until 20 --trace -
has $T/out '{"traceEvents":['
expect_rc 0 "$DLSIM" run $EX/dario.yaml -q --until 20 --gantt -
has $T/out '<svg'
expect_rc 0 "$DLSIM" run $EX/dario.yaml -q --until 20 --tikz -
has $T/out 'Gantt chart written by dlsim'
hasnt $T/out '<svg'
expect_rc 0 "$DLSIM" run $EX/dario.yaml -q --until 20 --log $T/o.jsonl --jobs /dev/stdout
has $T/out 'task,job,release'
expect_rc 1 "$DLSIM" run $EX/dario.yaml -q --until 20 --log - --jobs /dev/stdout
has $T/err 'name the same file'
"$DLSIM" run $EX/dario.yaml -q --until 20 --log $T/d8.jsonl >/dev/null 2>&1
expect_rc 0 "$DLSIM" render $T/d8.jsonl -o -
has $T/out '<svg'

# --- --max-output is exact: SIZE bytes pass, SIZE - 1 fail (D4) ----------
expect_rc 0 "$DLSIM" run $EX/dario.yaml -q --until 200 --jobs $T/d4.csv --max-output 1074
[ "$(wc -c < $T/d4.csv)" -eq 1074 ] && ok || bad "d4.csv is not 1074 bytes"
rm -f $T/d4.csv
expect_rc 3 "$DLSIM" run $EX/dario.yaml -q --until 200 --jobs $T/d4.csv --max-output 1073
has $T/err '(1074 > 1073 bytes'
[ -e $T/d4.csv ] && bad "d4.csv written past --max-output" || ok

# --- --max-memory: an overloaded platform's backlog stops the run (exit 2)
# U = 4/3 with a horizon of 10^15: without the budget the pending jobs
# would fill the memory; 64K holds a few hundred jobs
printf 'format: 1\nhorizon: 1000000000000000\ntasks:\n  - {name: a, C: 2, T: 2}\n  - {name: b, C: 1, T: 3}\n' > $T/over.yaml
expect_rc 2 "$DLSIM" run $T/over.yaml -q --max-memory 64K --jobs $T/over.csv
has $T/err 'pending jobs, over max-memory (65536 bytes'
has $T/err 'set on_miss: abort, or raise --max-memory'
[ -e $T/over.csv ] && bad "over.csv written by a failed run" || ok
expect_rc 1 "$DLSIM" run $T/over.yaml -q --max-memory 64X
has $T/err '--max-memory 64X: expected a size'
# 0: no limit (a horizon the backlog cannot fill)
expect_rc 0 "$DLSIM" run $T/over.yaml -q --max-memory 0 --until 3000
has $T/out '2500 jobs, 1875 completed'

# --- two outputs aliased through a dangling symlink are refused (D5) -----
D5=$(mktemp -d)
ln -s a.jsonl "$D5/b.json"
expect_rc 1 "$DLSIM" run $EX/dario.yaml -q --until 20 --log "$D5/a.jsonl" --trace "$D5/b.json"
has $T/err 'name the same file'
[ -e "$D5/a.jsonl" ] && bad "D5: a.jsonl written" || ok
rm -rf "$D5"

# --- overheads: a necessary test's reject on the inflated C is n/a ---------
# fp, cs 1, release 1: C'' counts every overhead at its worst per job, U''
# = 27/20 > 1, yet the simulation meets every deadline: the reject of
# utilization+overheads proves nothing (n/a, with the reason); its accept
# on a light set stays (necessary, claims nothing); fp-rta+overheads is
# sufficient and keeps its reject.
scn ovh 'format: 1
time_unit: tick
horizon: 200
scheduler: { policy: fp }
overheads: { context_switch: 1, release: 1 }
tasks:
  - { name: A, C: 2, D: 10, T: 10 }
  - { name: B, C: 3, D: 20, T: 20 }'
expect_rc 0 "$DLSIM" analyze "$T/ovh.yaml"
has $T/out 'utilization+overheads necessary   n/a      any              (a reject on C inflated by the overheads (each at its worst) proves no miss (U = 27/20))'
has $T/out 'fp-rta+overheads      sufficient  reject'
has $T/out '0 misses'
hasnt $T/out 'necessary   reject'
expect_rc 0 "$DLSIM" analyze "$T/ovh.yaml" --json
has $T/out '{"name": "utilization+overheads", "kind": "necessary", "verdict": "n/a", "note": "a reject on C inflated by the overheads (each at its worst) proves no miss (U = 27/20)", "analyses": "any"}'
has $T/out '"misses": 0'
has $T/out '"contradictions": []'
sed -e 's/C: 2, D: 10, T: 10/C: 1, D: 40, T: 40/' \
    -e 's/C: 3, D: 20, T: 20/C: 1, D: 80, T: 80/' "$T/ovh.yaml" > "$T/ovh2.yaml"
expect_rc 0 "$DLSIM" analyze "$T/ovh2.yaml" --json
has $T/out '{"name": "utilization+overheads", "kind": "necessary", "verdict": "accept", "analyses": "any"}'

# --- no output replaces an input it is made from (exit 1, input intact) ---
# run --jobs, render --jobs, import/export -o, experiment --item -o and -o,
# merge -o (a shard or its sidecar), plot --weighted -o, and experiment -o F
# --plot F (the figure would replace the CSV): each named the same file as
# an input and silently replaced it.
IO=$(mktemp -d)
cp $EX/dario.yaml $EX/linux-dl.yaml "$IO/"
ln -s dario.yaml "$IO/dl.yaml"; ln "$IO/dario.yaml" "$IO/dh.yaml"
cp "$IO/dario.yaml" "$IO/dario.orig"
for o in dario.yaml dl.yaml dh.yaml; do
	expect_rc 1 "$DLSIM" run "$IO/dario.yaml" -q --jobs "$IO/$o"
	has $T/err "names the input $IO/dario.yaml"
done
cmp -s "$IO/dario.yaml" "$IO/dario.orig" && ok || bad "run --jobs replaced its scenario"
"$DLSIM" run "$IO/dario.yaml" -q --log "$IO/l.jsonl" >/dev/null 2>&1
cp "$IO/l.jsonl" "$IO/l.orig"
expect_rc 1 "$DLSIM" render "$IO/l.jsonl" --jobs "$IO/l.jsonl"
cmp -s "$IO/l.jsonl" "$IO/l.orig" && ok || bad "render --jobs replaced its log"
"$DLSIM" export rt-app "$IO/linux-dl.yaml" -o "$IO/w.json" 2>/dev/null
cp "$IO/w.json" "$IO/w.orig"; cp "$IO/linux-dl.yaml" "$IO/ldl.orig"
expect_rc 1 "$DLSIM" import rt-app "$IO/w.json" -o "$IO/w.json"
has $T/err 'names the input'
cmp -s "$IO/w.json" "$IO/w.orig" && ok || bad "import -o replaced its input"
expect_rc 1 "$DLSIM" export rt-app "$IO/linux-dl.yaml" -o "$IO/linux-dl.yaml"
cmp -s "$IO/linux-dl.yaml" "$IO/ldl.orig" && ok || bad "export -o replaced its input"
cp docs/experiments/tard-global.yaml "$IO/x.yaml"; cp "$IO/x.yaml" "$IO/x.orig"
expect_rc 1 "$DLSIM" experiment "$IO/x.yaml" --item 0:0 -o "$IO/x.yaml"
: > "$IO/x.yaml.meta"   # with a sidecar beside it, too
expect_rc 1 "$DLSIM" experiment "$IO/x.yaml" -q -o "$IO/x.yaml"
cmp -s "$IO/x.yaml" "$IO/x.orig" && ok || bad "experiment -o replaced its file"
for i in 1 2; do
	"$DLSIM" experiment "$IO/x.yaml" -q -j 1 --shard $i/2 -o "$IO/s$i.csv" || bad "shard $i"
done
cp "$IO/s1.csv" "$IO/s1.orig"; cp "$IO/s1.csv.meta" "$IO/s1m.orig"
expect_rc 1 "$DLSIM" merge -o "$IO/s1.csv" "$IO/s1.csv" "$IO/s2.csv"
expect_rc 1 "$DLSIM" merge -o "$IO/s1.csv.meta" "$IO/s1.csv" "$IO/s2.csv"
cmp -s "$IO/s1.csv" "$IO/s1.orig" && cmp -s "$IO/s1.csv.meta" "$IO/s1m.orig" && ok ||
	bad "merge -o replaced a shard"
expect_rc 0 "$DLSIM" merge -o "$IO/m.csv" "$IO/s1.csv" "$IO/s2.csv"
cp "$IO/m.csv" "$IO/m.orig"
expect_rc 1 "$DLSIM" plot "$IO/m.csv" "$IO/s1.csv" --weighted -o "$IO/m.csv"
cmp -s "$IO/m.csv" "$IO/m.orig" && ok || bad "plot --weighted -o replaced a CSV"
expect_rc 1 "$DLSIM" experiment "$IO/x.yaml" -q -j 1 -o "$IO/p.svg" --plot "$IO/p.svg"
has $T/err 'name the same file'
[ -e "$IO/p.svg" ] && bad "experiment -o F --plot F ran" || ok
# not caught by name before the run: the CSV is kept, the figure refused
expect_rc 1 "$DLSIM" experiment "$IO/x.yaml" -q -j 1 -o "$IO/./p.svg" --plot "$IO/p.svg"
has $T/err 'the CSV is kept'
cmp -s "$IO/p.svg" "$IO/m.csv" && ok || bad "experiment --plot replaced the CSV"
# an experiment's -o that is a directory is an I/O error (exit 3)
mkdir "$IO/d.csv"
expect_rc 3 "$DLSIM" experiment "$IO/x.yaml" -q -o "$IO/d.csv"
has $T/err 'd.csv: cannot write: Is a directory (EISDIR)'
# an unwritable CSV or sidecar is found before any set is run (it was
# found after the first point), and the CSV is not put in place without
# its sidecar (the two are committed together), so nothing is half-done
expect_rc 3 "$DLSIM" experiment "$IO/x.yaml" -q -j 1 -o "$IO/nodir/x.csv"
has $T/err 'nodir/x.csv: cannot create a file next to it'
hasnt $T/err 'point 0'
mkdir "$IO/e.csv.meta"
expect_rc 3 "$DLSIM" experiment "$IO/x.yaml" -q -j 1 -o "$IO/e.csv"
has $T/err 'e.csv.meta: cannot write: Is a directory (EISDIR)'
hasnt $T/err 'point 0'
[ -e "$IO/e.csv" ] && bad "e.csv put in place without its sidecar" || ok
# an output on a full standard output says why once: no second guessed
# (a guessed Input/output error) after the real ENOSPC
mknod "$IO/full" c 1 7 2>/dev/null
if [ -c "$IO/full" ]; then
	"$DLSIM" experiment "$IO/x.yaml" -q -j 1 -o - > "$IO/full" 2>$T/err; rc=$?
	[ $rc -eq 3 ] && ok || bad "experiment -o - > full: exit $rc, want 3"
	has $T/err 'dlsim: standard output: write failed: No space left on device (ENOSPC)'
	hasnt $T/err 'Input/output error'
	"$DLSIM" merge -o - "$IO/s1.csv" "$IO/s2.csv" > "$IO/full" 2>$T/err; rc=$?
	[ $rc -eq 3 ] && ok || bad "merge -o - > full: exit $rc, want 3"
	hasnt $T/err 'Input/output error'
fi
# merge commits the CSV and its sidecar together: a sidecar in the way
# leaves no merged CSV without one
mkdir "$IO/mm.csv.meta"
expect_rc 3 "$DLSIM" merge -o "$IO/mm.csv" "$IO/s1.csv" "$IO/s2.csv"
has $T/err 'mm.csv.meta: cannot write: Is a directory (EISDIR)'
[ -e "$IO/mm.csv" ] && bad "merge put mm.csv in place without its sidecar" || ok
# --plot with a format plot cannot draw is refused before the run (it was
# refused after the whole experiment, exit 2; dlsim plot says exit 1)
expect_rc 1 "$DLSIM" experiment "$IO/x.yaml" -q -j 1 -o "$IO/fig.csv" --plot "$IO/fig.txt"
has $T/err 'fig.txt: unknown format; expected .png, .svg or .pdf'
[ -e "$IO/fig.csv" ] && bad "experiment --plot FIG.txt ran the experiment" || ok
# a sidecar name that is a device (a copy of /dev/null or /dev/full, or a
# symlink to one) is refused before the run, never written in place: it
# was written into, and the next run could not resume ("exists but its
# sidecar does not"); merge likewise
mknod "$IO/null" c 1 3 2>/dev/null
if [ -c "$IO/null" ] && [ -c "$IO/full" ]; then
	mknod "$IO/dn.csv.meta" c 1 3; ln -s full "$IO/df.csv.meta"
	for o in dn df; do
		expect_rc 3 "$DLSIM" experiment "$IO/x.yaml" -q -j 1 -o "$IO/$o.csv"
		has $T/err "$o.csv.meta: cannot write: a device, FIFO or socket"
		hasnt $T/err 'point 0'
		[ -e "$IO/$o.csv" ] && bad "experiment -o $o.csv with a device sidecar wrote the CSV" || ok
	done
	[ -c "$IO/dn.csv.meta" ] && [ -L "$IO/df.csv.meta" ] && ok ||
		bad "a device sidecar was replaced"
	expect_rc 3 "$DLSIM" merge -o "$IO/dn.csv" "$IO/s1.csv" "$IO/s2.csv"
	has $T/err "dn.csv.meta: cannot write: a device, FIFO or socket"
	[ -e "$IO/dn.csv" ] && bad "merge -o dn.csv with a device sidecar wrote the CSV" || ok
	# the CSV itself a device: written in place, no sidecar (unchanged)
	expect_rc 0 "$DLSIM" merge -o "$IO/null" "$IO/s1.csv" "$IO/s2.csv"
	[ -e "$IO/null.meta" ] && bad "merge -o DEVICE wrote a sidecar" || ok
	# an input shard whose sidecar is a device (a copy of /dev/zero) is
	# refused at once: it was read for ever
	cp "$IO/s1.csv" "$IO/z.csv"; mknod "$IO/z.csv.meta" c 1 5
	expect_rc 3 timeout 20 "$DLSIM" merge -o "$IO/zm.csv" "$IO/z.csv" "$IO/s2.csv"
	has $T/err 'z.csv.meta: not a regular file; expected the results sidecar'
	# plot reads it only for the unit of a tardiness axis: ends, draws
	expect_rc 0 timeout 20 "$DLSIM" plot "$IO/z.csv" -o "$IO/z.png" --tardiness
else
	echo "skip: device sidecars (mknod needs root)"
fi
# run's outputs on a full standard output give the real reason (ENOSPC),
# not a guessed EIO: stdio's stdout forgot the errno of the failed write
if [ -c "$IO/full" ]; then
	for o in --jobs --log --trace --ftrace --gantt --tikz; do
		"$DLSIM" run $EX/dario.yaml -q $o - > "$IO/full" 2>$T/err; rc=$?
		[ $rc -eq 3 ] && ok || bad "run $o - > full: exit $rc, want 3"
		has $T/err 'dlsim: standard output: write failed: No space left on device (ENOSPC)'
		hasnt $T/err 'Input/output error'
	done
else
	echo "skip: run --jobs - > a full stdout (mknod needs root)"
fi
# a --plot figure that cannot be written (a missing folder, a directory)
# is refused before the first set, as -o is (exit 3, the same message);
# it was found only after the whole run
expect_rc 3 "$DLSIM" experiment "$IO/x.yaml" -q -j 1 -o "$IO/pl.csv" --plot "$IO/nodir/x.png"
has $T/err 'nodir/x.png: cannot create a file next to it: No such file or directory (ENOENT)'
[ -e "$IO/pl.csv" ] && bad "experiment --plot nodir/x.png ran the experiment" || ok
mkdir "$IO/pd.svg"
expect_rc 3 "$DLSIM" experiment "$IO/x.yaml" -q -j 1 -o "$IO/pl.csv" --plot "$IO/pd.svg"
has $T/err 'pd.svg: cannot write: Is a directory (EISDIR)'
[ -e "$IO/pl.csv" ] && bad "experiment --plot DIR ran the experiment" || ok
[ -n "$(ls -A "$IO" | grep '\.tmp-')" ] && bad "--plot check left a temporary" || ok
# --item takes digits only: -1 was read as 2^64 - 1
expect_rc 1 "$DLSIM" experiment "$IO/x.yaml" --item 0:-1
has $T/err "--item '0:-1': expected POINT:SAMPLE (numbers from 0)"
hasnt $T/err '18446744073709551615'
expect_rc 1 "$DLSIM" experiment "$IO/x.yaml" --item 0:
has $T/err "--item '0:': expected POINT:SAMPLE"
# --item runs nothing: --plot and --shard with it were dropped (exit 0,
# no figure); a usage error now, and nothing written
expect_rc 1 "$DLSIM" experiment "$IO/x.yaml" --item 0:0 --plot "$IO/it.png"
has $T/err "--item 0:0 writes one task set and runs nothing: --plot does nothing with it"
[ -e "$IO/it.png" ] && bad "experiment --item --plot drew a figure" || ok
expect_rc 1 "$DLSIM" experiment "$IO/x.yaml" --item 0:0 --shard 1/2
has $T/err "--shard does nothing with it"
[ -s $T/out ] && bad "experiment --item --shard wrote the set" || ok
rm -rf "$IO"

# --- option values: plain decimals through one parser; every message
# names its option ------------------------------------------------------------
# --dpi went through strtod: 1e3, 0x10 and " 12" drew a chart (1000, 16,
# 12 dpi); every counting option now takes digits only (scn_parse_count)
for v in 1e3 0x10 ' 12' +50 12abc -1; do
	expect_rc 1 "$DLSIM" run $EX/dario.yaml -q --until 20 --gantt $T/v.png --dpi "$v"
	has $T/err "dlsim run: --dpi: \"$v\" is not an integer; expected an integer from 10 to 2400"
done
[ -e $T/v.png ] && bad "run --dpi BAD drew a chart" || ok
expect_rc 1 "$DLSIM" plot util $EX/dario.yaml -o $T/v.png --dpi 0x10
has $T/err 'dlsim plot: --dpi: "0x10" is not an integer'
expect_rc 1 "$DLSIM" plot util $EX/dario.yaml -o $T/v.png --bins ' 5'
has $T/err 'dlsim plot: --bins: " 5" is not an integer; expected an integer from 1 to 10000'
# the acceptance figure took any strtod number (--dpi 1e9 too)
expect_rc 1 "$DLSIM" plot $E/j1.csv -o $T/v.png --dpi 1e3
has $T/err 'dlsim plot: --dpi: "1e3" is not an integer; expected an integer from 10 to 2400'
expect_rc 1 "$DLSIM" plot $E/j1.csv -o $T/v.png --width 1e3
has $T/err "--width '1e3': expected e.g. 3.5in"
expect_rc 1 "$DLSIM" plot $E/j1.csv -o $T/v.png --width 900in
has $T/err "--width '900in': a figure is 1in to 200in wide"
[ -e $T/v.png ] && bad "plot with a bad value drew a figure" || ok
for c in "--tasks +3" "--tasks 1e1" "--cpus 0x2" "--utilization 1e-1" \
	 "--utilization inf" "--cap nan"; do
	# shellcheck disable=SC2086
	expect_rc 1 "$DLSIM" gen $c
	has $T/err "dlsim gen: ${c% *}: "
done
expect_rc 1 "$DLSIM" gen --periods ' 10:100'
has $T/err "--periods ' 10:100': expected MIN:MAX"
expect_rc 1 "$DLSIM" gen --periods 10:1e2
expect_rc 1 "$DLSIM" gen --slack 0.5:1e0 --deadlines constrained
expect_rc 0 "$DLSIM" gen --tasks 3 --cpus 2 --utilization 1.5 --periods 10:100:5 --cap 0.9
expect_rc 1 "$DLSIM" experiment $E/acc.yaml -q -j +2 -o $T/v.csv
has $T/err 'dlsim experiment: -j: "+2" is not an integer; expected an integer from 1 to 4096'
expect_rc 1 "$DLSIM" experiment $E/acc.yaml -q --shard ' 1/2' -o $T/v.csv
has $T/err "--shard ' 1/2': expected I/N with 1 <= I <= N"
[ -e $T/v.csv ] && bad "experiment with a bad value ran" || ok
expect_rc 1 "$DLSIM" import rt-app docs/examples/video.json --cpus +2
has $T/err 'dlsim import: --cpus: "+2" is not an integer; expected an integer from 1 to'
# --width: strtod took 1e3 and 0x10; the bounds the chart checks after
# the run ("dlsim: chart: chart width must be between 1in and 200in",
# "dlsim: plot width must be ..." exit 2) are the option's, before it
expect_rc 1 "$DLSIM" run $EX/dario.yaml -q --gantt $T/v.png --width 0x10
has $T/err "dlsim run: --width 0x10: '0x10': unknown size unit 'x10'"
expect_rc 1 "$DLSIM" run $EX/dario.yaml -q --gantt $T/v.png --width 10
has $T/err 'dlsim run: --width 10: a chart is 1in to 200in wide'
expect_rc 1 "$DLSIM" plot dbf $EX/dario.yaml -o $T/v.png --width .5in
has $T/err 'dlsim plot: --width .5in: a figure is 2in to 200in wide'
# --axis-unit that the scenario's unit cannot have: found before the run
# and named ("dlsim: chart: axis unit 'ms': this scenario counts in
# ticks (use tick)", after the whole run)
expect_rc 1 "$DLSIM" run $EX/dario.yaml -q --gantt $T/v.svg --axis-unit ms
has $T/err 'dlsim run: --axis-unit ms: the scenario counts in ticks (time_unit tick); use tick'
hasnt $T/err 'jobs'
expect_rc 1 "$DLSIM" run $EX/cbs-revised.yaml -q --gantt $T/v.svg --axis-unit tick
has $T/err "dlsim run: --axis-unit tick: the scenario's time_unit is ms; use ns, us, ms or s"
expect_rc 0 "$DLSIM" run $EX/dario.yaml -q --log $T/v.jsonl
expect_rc 1 "$DLSIM" render $T/v.jsonl -o $T/v.svg --axis-unit us
has $T/err 'dlsim render: --axis-unit us: the scenario counts in ticks'
[ -e $T/v.svg ] && bad "a bad --axis-unit drew a chart" || ok
# export rt-app: a time_unit the file does not write has no line; the
# message names the file and says the unit is the default
grep -v 'time_unit' $EX/dario.yaml > $T/notu.yaml
expect_rc 2 "$DLSIM" export rt-app $T/notu.yaml
has $T/err "dlsim: $T/notu.yaml: time_unit (not given: the default, tick): ticks have no physical length; rt-app needs us, ms, s or ns"
expect_rc 2 "$DLSIM" export rt-app - < $T/notu.yaml
has $T/err "dlsim: <stdin>: time_unit (not given: the default, tick)"
# compare --gantt -: the chart alone on standard output, the report on
# standard error (it wrote the report after the SVG, into the same pipe)
expect_rc 0 "$DLSIM" run $EX/dario.yaml -q --ftrace $T/v.trace
expect_rc 0 "$DLSIM" compare $T/v.trace $EX/dario.yaml --gantt -
[ "$(head -c 5 $T/out)" = "<?xml" ] && ok || bad "compare --gantt -: stdout is not the SVG"
[ "$(tail -1 $T/out)" = "</svg>" ] && ok || bad "compare --gantt -: stdout does not end with the SVG"
has $T/err 'v.trace vs dario-4-10-5'
expect_rc 0 "$DLSIM" compare $T/v.trace $EX/dario.yaml
has $T/out 'v.trace vs dario-4-10-5'
# a full standard output: one format, whoever writes ("dlsim: stdout:
# ..." at exit, "dlsim: -: write failed: ..." from an output "-")
mknod $T/full2 c 1 7 2>/dev/null
if [ -c $T/full2 ]; then
	for c in "validate $EX/dario.yaml" "run $EX/dario.yaml --jobs -" \
		 "compare $T/v.trace $EX/dario.yaml --gantt -" \
		 "plot util $EX/dario.yaml -o -"; do
		# shellcheck disable=SC2086
		"$DLSIM" $c > $T/full2 2>$T/err; rc=$?
		[ $rc -eq 3 ] && ok || bad "dlsim $c > full: exit $rc, want 3"
		has $T/err 'standard output: write failed: No space left on device (ENOSPC)'
		hasnt $T/err 'stdout:'
		hasnt $T/err ' -: '
	done
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
