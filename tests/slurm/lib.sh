# shellcheck shell=bash
# Shared by the Slurm campaign tests (sourced): a cluster of their own, waiting on jobs, and the
# check that outputs were made under the ids sbatch returned. Every failure is one line, exit 1.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# begin_campaign_test BUILD_DIR WORK_DIR OLD_RUN...: every campaign test's start: sets bin and work
# (absolute), removes the named runs an earlier test left in WORK_DIR, and starts its cluster.
begin_campaign_test() {
  bin=$(realpath "$1")
  mkdir -p "$2"
  work=$(realpath "$2")
  shift 2
  local run
  for run in "$@"; do rm -rf "${work:?}/$run"; done
  start_cluster "$work/cluster"
}

# Starts the cluster in $1 (stopping one left there by an earlier run) and stops it when the test
# ends, passing or failing. Without the Slurm or munge programs the test fails: it must not pass
# on a machine that cannot run it.
start_cluster() {
  cluster_dir=$1
  for b in sbatch squeue scontrol sinfo slurmctld slurmd munged; do
    command -v "$b" >/dev/null || [[ -x /usr/sbin/$b ]] ||
      fail "$b not installed: tools/setup installs slurm-wlm and munge"
  done
  trap 'status=$?; "$root/tools/slurm/local-cluster" stop "$cluster_dir" || true; exit $status' EXIT
  trap 'exit 1' INT TERM  # stopped from outside (ctest's timeout): the EXIT trap still cleans up
  local out
  out=$("$root/tools/slurm/local-cluster" start "$cluster_dir" 2>&1) ||
    fail "the local Slurm cluster did not start: ${out##*$'\n'}"
  export SLURM_CONF=$cluster_dir/slurm.conf
}

# wait_jobs SECONDS JOBID...: polls squeue until none of the jobs (and none of their array tasks)
# is pending or running, then fails unless every task ended COMPLETED (scontrol keeps finished
# jobs for MinJobAge; there is no accounting database for sacct).
wait_jobs() {
  local limit=$1 i ids
  shift
  ids=$(IFS=,; echo "$*")
  for ((i = 0; i < limit * 5; i++)); do
    [[ -z $(squeue --noheader --jobs="$ids" 2>/dev/null) ]] && break
    sleep 0.2
  done
  [[ -z $(squeue --noheader --jobs="$ids" 2>/dev/null) ]] ||
    fail "jobs $ids still queued or running after $limit s: $(squeue --noheader --jobs="$ids" | head -3 | tr '\n' ';')"
  local job states
  for job in "$@"; do
    states=$(scontrol show job "$job" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c | tr -s ' ' | tr '\n' ' ')
    [[ $states =~ ^\ ?[0-9]+\ JobState=COMPLETED\ $ ]] ||
      fail "job $job did not complete: $states(see its output files)"
  done
}

# check_records "JOB TASKS"... -- FILE...: the record files (written by the job scripts from
# SLURM_ARRAY_JOB_ID and SLURM_ARRAY_TASK_ID) name exactly the tasks 1..TASKS of each job sbatch
# returned, each once. Run outside Slurm, or under other jobs, they would not.
check_records() {
  local expected=() got=() arg
  while [[ $1 != -- ]]; do
    read -r job tasks <<<"$1"
    for ((t = 1; t <= tasks; t++)); do expected+=("$job/$t"); done
    shift
  done
  shift
  for arg in "$@"; do
    got+=("$(awk '$1 == "SLURM_ARRAY_JOB_ID" {j = $2} $1 == "SLURM_ARRAY_TASK_ID" {t = $2} END {print j "/" t}' "$arg")")
  done
  local want have
  want=$(printf '%s\n' "${expected[@]}" | sort)
  have=$(printf '%s\n' "${got[@]}" | sort)
  [[ $want == "$have" ]] ||
    fail "the outputs' Slurm ids (${have//$'\n'/ }) are not the tasks sbatch returned (${want//$'\n'/ })"
}
