#!/usr/bin/env bash
# The endgame database campaign through a real (single-node) Slurm: 2..4 pieces as one job
# array per wave (tools/slurm/egdb-campaign), then verify, the files byte for byte those of a
# one-shot local build, every slice built by a task of a job sbatch returned; then a slice lost
# after the campaign is rebuilt by a resubmission that submits nothing else.
# Usage: egdb_campaign.sh BUILD_DIR WORK_DIR
source "$(dirname "$0")/lib.sh"
bin=$(realpath "$1")
work=$2
mkdir -p "$work"
work=$(realpath "$work")
rm -rf "$work/shared" "$work/local"
start_cluster "$work/cluster"

campaign() {
  "$root/tools/slurm/egdb-campaign" --pieces 4 --dir "$work/shared" --bin "$bin" >"$work/submitted.txt" ||
    fail "egdb-campaign failed"
}
campaign
mapfile -t jobs < <(awk '{print $4}' "$work/submitted.txt")
((${#jobs[@]} > 0)) || fail "egdb-campaign submitted nothing"
wait_jobs 600 "${jobs[@]}"
mapfile -t job_tasks < <(awk '{print $4, $6}' "$work/submitted.txt")
check_records "${job_tasks[@]}" -- "$work"/shared/slurm/egdb-*.task

"$bin/damiera-egdb" verify --dir "$work/shared" --pieces 4 >"$work/verify.txt" ||
  fail "damiera-egdb verify: $(tail -1 "$work/verify.txt")"
"$bin/damiera-egdb" build --dir "$work/local" --pieces 4 >/dev/null || fail "local build failed"
compare() {
  diff <(cd "$work/local" && ls) <(cd "$work/shared" && ls | grep -v '^slurm$') >/dev/null ||
    fail "the campaign's slice files are not those of the local build"
  for f in "$work"/local/*.egdb; do
    cmp -s "$f" "$work/shared/${f##*/}" || fail "${f##*/} differs from the local build's"
  done
}
compare

# A resubmission after a loss: only the missing pair is built again.
last=$(awk '{print $3}' <(grep -v '^#' <("$bin/damiera-egdb" plan --pieces 4)) | tail -1)
for s in ${last//+/ }; do rm "$work/shared/$s.egdb"; done
campaign
[[ $(wc -l <"$work/submitted.txt") == 1 && $(awk '{print $6}' "$work/submitted.txt") == 1 ]] ||
  fail "the resubmission should submit one wave of one task, not: $(tr '\n' ';' <"$work/submitted.txt")"
wait_jobs 120 "$(awk '{print $4}' "$work/submitted.txt")"
check_records "$(awk '{print $4, $6}' "$work/submitted.txt")" -- "$work/shared/slurm/egdb-${last%%+*}.task"
compare
echo "egdb campaign: ${#jobs[@]} waves through Slurm, verified, identical to the local build"
