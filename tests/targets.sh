#!/bin/sh
# Output targets (render/outfile.h): devices, FIFOs, symlinks, modes, hard
# links, standard output, full file systems, signals, stale temporaries,
# output budgets.  Usage: sh tests/targets.sh PATH/TO/dlsim
#
# Everything happens inside one mktemp directory under build/: the device
# nodes are mknod copies made here (never the real /dev/full or /dev/null),
# the tmpfs is mounted here (skipped when mount is not allowed).  No sleep:
# runs are synchronised through FIFOs.  Ends with "N passed, N failed".
DLSIM=${1:-build/release/dlsim}
case $DLSIM in /*) ;; *) DLSIM=$(pwd)/$DLSIM ;; esac
EX=$(pwd)/scenarios/examples
mkdir -p build
T=$(mktemp -d "$(pwd)/build/targets.XXXXXX")
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { if eval "$1"; then ok; else bad "$2"; fi; }
has() { if grep -qF -- "$2" "$1"; then ok; else bad "$1 lacks: $2"; sed 's/^/    /' "$1" | head -5; fi; }
expect_rc() {
	want=$1; shift
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$rc" -eq "$want" ]; then ok; else
		bad "exit $rc, want $want: $*"; sed 's/^/    /' "$T/err" | head -5
	fi
}
no_tmp() {  # no temporary file left in the directory $1
	if ls -a "$1" | grep -q '\.tmp-'; then bad "temporary left in $1: $(ls -a "$1" | grep '\.tmp-')"; else ok; fi
}
cleanup() {
	[ -n "$MNT" ] && umount "$MNT" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
cd "$T" || exit 1
RUN="$DLSIM run $EX/dario.yaml --until 20 -q"
LONG="$DLSIM run $EX/dario.yaml --until 100000000000 -q"

# --- a copy of /dev/full: written in place, ENOSPC named, never replaced ---
mknod full c 1 7 && mknod null c 1 3 || { echo "targets: mknod not allowed"; exit 1; }
expect_rc 3 $RUN --jobs full
has err "full: write failed: No space left on device (ENOSPC)"
check '[ -c full ]' "a device copy must stay a device"
# /dev/null copy: success, stays a device
expect_rc 0 $RUN --jobs null --log null.csv
check '[ -c null ]' "null must stay a device"
# a mix: the device fails, the regular file keeps its old content
echo old > keep.csv
expect_rc 3 $RUN --log keep.csv --jobs full
check '[ "$(cat keep.csv)" = old ]' "a failed run must not replace keep.csv"
has err "no output file was replaced"
has err "full was written in place"

# --- FIFO: written in place, the reader gets the CSV, still a FIFO ---------
mkfifo fifo
cat fifo > fifo.out &
cpid=$!
expect_rc 0 $RUN --jobs fifo
wait $cpid
has fifo.out "task,job,release,deadline,start,finish,response,tardiness,cpu"
has fifo.out "P2,1,10,15,14,18,8,3,0"
check '[ -p fifo ]' "a FIFO must stay a FIFO"

# --- a socket is never replaced -------------------------------------------
if command -v python3 >/dev/null 2>&1 &&
   python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("sock")' 2>/dev/null; then
	expect_rc 3 $RUN --jobs sock
	has err "sock: cannot write (a socket; never replaced)"
	check '[ -S sock ]' "a socket must stay a socket"
fi

# --- symlinks are followed; the link stays ---------------------------------
echo old > real.csv
ln -s real.csv link.csv
expect_rc 0 $RUN --jobs link.csv
check '[ -L link.csv ]' "the symlink must stay a symlink"
has real.csv "P1,0,0,5,0,4,4,0,0"
ln -s sub/../made.csv dangling.csv
mkdir sub
expect_rc 0 $RUN --jobs dangling.csv
check '[ -L dangling.csv ] && [ -f made.csv ]' "a dangling link creates its target"
ln -s loop1 loop2; ln -s loop2 loop1
expect_rc 3 $RUN --jobs loop1
has err "loop1: cannot follow"

# --- modes and owners are kept; hard links are kept ------------------------
echo old > secret.csv
chmod 600 secret.csv
expect_rc 0 $RUN --jobs secret.csv
check '[ "$(stat -c %a secret.csv)" = 600 ]' "a 0600 file must stay 0600 (got $(stat -c %a secret.csv))"
has secret.csv "P1,0,0,5,0,4,4,0,0"
umask 022
expect_rc 0 $RUN --jobs new.csv
check '[ "$(stat -c %a new.csv)" = 644 ]' "a new file gets 0666 minus the umask"
echo old > h1.csv
ln h1.csv h2.csv
expect_rc 0 $RUN --jobs h1.csv
check '[ "$(stat -c %h h1.csv)" = 2 ] && cmp -s h1.csv h2.csv' "hard links must be kept (both names see the new content)"
has h2.csv "P1,0,0,5,0,4,4,0,0"

# --- standard output ---------------------------------------------------------
$RUN > full 2>err
check '[ $? -eq 3 ]' "a full standard output is an I/O error"
has err "standard output: write failed: No space left on device (ENOSPC)"
expect_rc 0 $RUN --jobs -
has out "task,job,release,deadline,start,finish,response,tardiness,cpu"
has err "4 jobs, 4 completed, 2 missed"     # the report moves to stderr
check '! grep -q "jobs, " out' "the report is not mixed into the CSV on stdout"
expect_rc 0 $RUN --jobs /dev/stdout
has out "P2,1,10,15,14,18,8,3,0"
expect_rc 1 $RUN --jobs a.csv --log ./a.csv
has err "name the same file"
ln -s a.csv b.csv 2>/dev/null; echo x > a.csv
expect_rc 1 $RUN --jobs a.csv --log b.csv
has err "name the same file"

# --- unwritable targets are found before the simulation --------------------
# (LONG would simulate for hours: an answer in time proves it never started)
mkdir dir.png dir.csv
echo old > before.csv
expect_rc 3 $LONG --jobs before.csv --gantt dir.png
has err "dir.png: cannot write: Is a directory (EISDIR)"
check '[ "$(cat before.csv)" = old ]' "an unwritable chart must leave the other targets alone"
expect_rc 3 $LONG --log dir.csv
expect_rc 3 $LONG --jobs nodir/x.csv
has err "nodir/x.csv: cannot create a file next to it: No such file or directory (ENOENT)"
no_tmp .

# --- stale temporaries --------------------------------------------------------
: > .stale.csv.tmp-999999999-0       # no such pid: stale
: > ".stale.csv.tmp-$$-0"            # this shell is alive: kept
expect_rc 0 $RUN --jobs stale.csv
has err "removed 1 stale temporary file of stale.csv"
check '[ ! -e .stale.csv.tmp-999999999-0 ] && [ -e ".stale.csv.tmp-$$-0" ]' "only the dead process's temporary is removed"
rm -f ".stale.csv.tmp-$$-0"

# --- signals: SIGTERM, SIGINT, SIGKILL mid-run ------------------------------
# The run writes its event log into a FIFO we read: once a line arrives the
# simulation is running and its temporaries exist.
sig_run() {  # sig_run SIGNAL [wrapper...]: LONG --jobs j.csv, killed mid-run
	sig=$1; shift
	echo old > j.csv
	"$@" $LONG --max-output 1000T --jobs j.csv --log sync.csv >sig.out 2>sig.err &
	pid=$!
	exec 3<sync.csv
	read -r line <&3
	check 'ls -a | grep -q "^\.j\.csv\.tmp-"' "$sig: the temporary exists mid-run"
	kill -s "$sig" $pid
	cat <&3 >/dev/null
	exec 3<&-
	wait $pid 2>/dev/null
	sig_rc=$?
}
rm -f sync.csv; mkfifo sync.csv
sig_run TERM
check '[ $sig_rc -eq 143 ]' "SIGTERM: status $sig_rc, want 143"
check '[ "$(cat j.csv)" = old ]' "SIGTERM: the old target stays"
no_tmp .
# SIGINT (a shell starts background jobs with SIGINT ignored: perl resets it)
if command -v perl >/dev/null 2>&1; then
	sig_run INT perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die'
	check '[ $sig_rc -eq 130 ]' "SIGINT: status $sig_rc, want 130"
	has sig.out "PARTIAL: interrupted at"
	has sig.err "interrupted: no output file was replaced"
	has sig.err "the results below are PARTIAL"
	check '[ "$(cat j.csv)" = old ]' "SIGINT: the old target stays"
	no_tmp .
fi
sig_run KILL
check '[ $sig_rc -eq 137 ]' "SIGKILL: status $sig_rc, want 137"
check '[ "$(cat j.csv)" = old ]' "SIGKILL: no truncated final file"
expect_rc 0 $RUN --jobs j.csv
has err "removed 1 stale temporary file of j.csv"
no_tmp .
has j.csv "P1,0,0,5,0,4,4,0,0"

# --- output budgets -----------------------------------------------------------
echo old > big.csv
expect_rc 3 $LONG --jobs big.csv --max-output 1M
has err "more than --max-output 1.0 MiB"
has err "no output file was written or replaced"
check '[ "$(cat big.csv)" = old ]' "a run over budget keeps the old target"
no_tmp .
# the default budget (10G) forecasts a huge horizon and stops within MiB
expect_rc 3 $LONG --jobs big.csv
has err "no output file was written or replaced"
check 'grep -q "would reach about" err || grep -q "ENOSPC" err' "a forecast stop says why"
check '[ "$(cat big.csv)" = old ]' "a forecast stop keeps the old target"
no_tmp .
expect_rc 1 $RUN --jobs big.csv --max-output 12Q
expect_rc 0 $RUN --jobs big.csv --max-output 10K

# --- a 64 KiB tmpfs: the file and ENOSPC are named ---------------------------
mkdir mnt
if mount -t tmpfs -o size=64k tmpfs mnt 2>/dev/null; then
	MNT=$T/mnt
	echo old > mnt/j.csv
	expect_rc 3 $DLSIM run $EX/dario.yaml --until 1000000 -q --jobs mnt/j.csv
	has err "mnt/j.csv"
	has err "(ENOSPC)"
	check '[ "$(cat mnt/j.csv)" = old ]' "a full disk keeps the old target"
	no_tmp mnt
	umount mnt && MNT=
else
	echo "targets: mount -t tmpfs not allowed; the /dev/full copy covers ENOSPC"
fi

echo "targets: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
