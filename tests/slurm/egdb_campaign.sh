#!/usr/bin/env bash
# The endgame database campaign through a real (single-node) Slurm: 2..4 pieces as one job
# array per wave (tools/slurm/egdb-campaign), then verify, the files byte for byte those of a
# one-shot local build, every slice built by a task of a job sbatch returned; then a slice lost
# after the campaign is rebuilt by a resubmission that submits nothing else; then 2..3 pieces
# with a builder that fails once on one slice (retried in its task) and always on another (its
# wave fails, the later waves are cancelled), and the resubmission that finishes the job.
# Usage: egdb_campaign.sh BUILD_DIR WORK_DIR
source "$(dirname "$0")/lib.sh"
begin_campaign_test "$1" "$2" shared local faulty failing local3

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

# Failures. The faulty builder is the real one, except that building 01-10 fails the first time
# (a task tries twice) and building 01-11 always fails.
mkdir -p "$work/faulty"
cat >"$work/faulty/damiera-egdb" <<FAULTY
#!/usr/bin/env bash
if [[ \$1 == build && \$* == *"--slice 01-10"* && ! -f "$work/faulty/failed-once" ]]; then
  touch "$work/faulty/failed-once"
  exit 1
fi
[[ \$1 == build && \$* == *"--slice 01-11"* ]] && exit 1
exec "$bin/damiera-egdb" "\$@"
FAULTY
chmod +x "$work/faulty/damiera-egdb"
"$root/tools/slurm/egdb-campaign" --pieces 3 --dir "$work/failing" --bin "$work/faulty" \
  >"$work/submitted.txt" || fail "egdb-campaign failed"
for ((i = 0; i < 1500; i++)); do
  [[ -z $(squeue --noheader) ]] && break
  sleep 0.2
done
state_of_wave() {
  scontrol show job "$(awk -v w="$1" '$2 == w {print $4}' "$work/submitted.txt")" |
    grep -o 'JobState=[A-Z_]*' | sort -u | tr '\n' ' '
}
grep -q '^attempts 2$' "$work/failing/slurm/egdb-01-10.task" ||
  fail "01-10, which failed once, was not built by its task's second attempt"
[[ ! -f $work/failing/01-11.egdb && $(state_of_wave 3) == *FAILED* ]] ||
  fail "the wave of 01-11, which always fails, did not fail: $(state_of_wave 3)"
[[ -f $work/failing/10-10.egdb ]] || fail "10-10, in the failed wave but sound, was not built"
for w in 4 5; do
  [[ $(state_of_wave $w) == "JobState=CANCELLED " ]] ||
    fail "wave $w, after the failed one, was not cancelled: $(state_of_wave $w)"
done
"$root/tools/slurm/egdb-campaign" --pieces 3 --dir "$work/failing" --bin "$bin" \
  >"$work/submitted.txt" || fail "egdb-campaign failed"
[[ $(awk '{print $2 ":" $6}' "$work/submitted.txt" | tr '\n' ' ') == "3:1 4:2 5:1 " ]] ||
  fail "the resubmission should build 01-11 and the 3 pairs after it, not: $(tr '\n' ';' <"$work/submitted.txt")"
mapfile -t jobs3 < <(awk '{print $4}' "$work/submitted.txt")
wait_jobs 300 "${jobs3[@]}"
mapfile -t job_tasks < <(awk '{print $4, $6}' "$work/submitted.txt")
check_records "${job_tasks[@]}" -- "$work"/failing/slurm/egdb-{01-11,01-20,10-11,10-20}.task
"$bin/damiera-egdb" build --dir "$work/local3" --pieces 3 >/dev/null || fail "local build failed"
for f in "$work"/local3/*.egdb; do
  cmp -s "$f" "$work/failing/${f##*/}" || fail "after the failures, ${f##*/} differs from the local build's"
done
echo "egdb campaign: ${#jobs[@]} waves through Slurm, verified, identical to the local build; a failing slice retried, reported, resumed"
