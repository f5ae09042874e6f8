#!/bin/sh
# Run one shard of a dlsim experiment as one task of a Slurm job array.
#
#   sbatch --array=1-8 scripts/slurm-experiment.sh EXP.yaml [OUTDIR]
#   # when every task is done (or: sbatch --dependency=afterok:JOBID ...):
#   dlsim merge -o EXP.csv OUTDIR/EXP-*.csv
#
# dlsim reads the shard from SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT
# (and SLURM_ARRAY_TASK_MIN, so --array=0-7 works too); each task uses the
# CPUs Slurm gave it.  A task that is requeued or re-submitted resumes its
# CSV.  DLSIM may name the binary (default: dlsim on PATH).
#SBATCH --job-name=dlsim-exp
#SBATCH --cpus-per-task=4
#SBATCH --time=02:00:00
set -e
EXP=${1:?usage: sbatch --array=1-N scripts/slurm-experiment.sh EXP.yaml [OUTDIR]}
OUT=${2:-results}
DLSIM=${DLSIM:-dlsim}
: "${SLURM_ARRAY_TASK_ID:?not in a Slurm job array (sbatch --array=1-N)}"
mkdir -p "$OUT"
name=$(basename "$EXP" .yaml)
exec "$DLSIM" experiment "$EXP" -q -j "${SLURM_CPUS_PER_TASK:-1}" \
	-o "$OUT/$name-$SLURM_ARRAY_TASK_ID.csv"
