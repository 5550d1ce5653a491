#!/usr/bin/env bash
# The self-play campaign through a real (single-node) Slurm: a run of 4 shards as a job array
# (tools/slurm/selfplay-campaign), then its check job; the chunks are byte for byte those of the
# same 4 shards run here without Slurm, and every shard's record names a task sbatch returned.
# Usage: selfplay_campaign.sh BUILD_DIR WORK_DIR
source "$(dirname "$0")/lib.sh"
begin_campaign_test "$1" "$2" slurm-run local-run

# Small and quick: 8 games of few nodes, 2 games a chunk, so each shard writes one chunk.
settings=(--games 8 --nodes 300 --seed 7 --chunk-games 2 --max-plies 200
  --openings "$root/tools/openings/3ply.txt")
"$root/tools/slurm/selfplay-campaign" --shards 4 --out "$work/slurm-run/sp" --bin "$bin" \
  -- "${settings[@]}" >"$work/submitted.txt" || fail "selfplay-campaign failed"
shards_job=$(awk '$1 == "shards" {print $3}' "$work/submitted.txt")
check_job=$(awk '$1 == "check" {print $3}' "$work/submitted.txt")
[[ -n $shards_job && -n $check_job ]] || fail "selfplay-campaign did not print its two jobs"
wait_jobs 600 "$shards_job" "$check_job"
check_records "$shards_job 4" -- "$work"/slurm-run/sp-shard*of4.task
grep -q '^check ok' "$work/slurm-run/sp.check" || fail "the check job says: $(tail -1 "$work/slurm-run/sp.check")"

for k in 1 2 3 4; do
  "$bin/damiera-selfplay" --out "$work/local-run/sp" --shard "$k/4" --threads 1 "${settings[@]}" \
    >/dev/null || fail "local shard $k failed"
done
chunks() { (cd "$1" && ls | grep -E '^sp-shard[0-9]+of4\.[0-9]{4}$'); }
[[ $(chunks "$work/local-run" | wc -l) == 4 ]] || fail "the local shards did not write 4 chunks"
[[ $(chunks "$work/local-run") == "$(chunks "$work/slurm-run")" ]] ||
  fail "the Slurm run's chunks are not the local run's: $(chunks "$work/slurm-run" | tr '\n' ' ')"
for f in $(chunks "$work/local-run"); do
  cmp -s "$work/local-run/$f" "$work/slurm-run/$f" || fail "$f differs from the local shard's"
done
echo "selfplay campaign: 4 shards through Slurm, checked, the same records as the local shards"
