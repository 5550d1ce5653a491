#!/usr/bin/env bash
# The match campaigns through a real (single-node) Slurm (tools/slurm/match-campaign):
# - a fixed 40-game match in 4 shards and a combine job: the combined W/D/L is the sum of the
#   results in the shards' PDN files, 40 games, every shard run by a task sbatch returned;
# - an SPRT of a deep engine against a shallow one in batches of 4 shards: submitting stops at
#   the first batch after which the combined LLR is past a bound (H1), and not before.
# Usage: match_campaign.sh BUILD_DIR WORK_DIR
source "$(dirname "$0")/lib.sh"
begin_campaign_test "$1" "$2" fixed sprt

# W/D/L of engine $1 in PDN files, read from their tags alone (not by damiera-match).
count_results() {
  local first=$1
  shift
  awk -v a="$first" '
    /^\[White / {w = $2; gsub(/[]"]/, "", w)}
    /^\[Black / {b = $2; gsub(/[]"]/, "", b)}
    /^\[Result / {r = $2; gsub(/[]"]/, "", r)
      if (r == "1/2-1/2") d++
      else if ((r == "1-0") == (w == a)) win++
      else loss++}
    END {printf "W %d D %d L %d\n", win, d, loss}' "$@"
}

engines=(--engine name=a "cmd=$bin/damiera" --engine name=b "cmd=$bin/damiera"
  --openings "$root/tools/openings/3ply.txt" --depth 2 --concurrency 1)
"$root/tools/slurm/match-campaign" --shards 4 --dir "$work/fixed" --bin "$bin" \
  -- "${engines[@]}" --games 40 >"$work/fixed-submitted.txt" || fail "match-campaign failed"
shards_job=$(awk '$1 == "shards" {print $3}' "$work/fixed-submitted.txt")
combine_job=$(awk '$1 == "combine" {print $3}' "$work/fixed-submitted.txt")
[[ -n $shards_job && -n $combine_job ]] || fail "match-campaign did not print its two jobs"
wait_jobs 600 "$shards_job" "$combine_job"
check_records "$shards_job 4" -- "$work"/fixed/shard-*.task
summed=$(count_results a "$work"/fixed/shard-*.pdn)
combined=$(grep '^combined ' "$work/fixed/result.txt") || fail "no result from the combine job"
[[ $combined == "combined $summed sprt none" ]] ||
  fail "combined '$combined', but the shards' PDN files say '$summed'"
read -r _ w _ d _ l <<<"$summed"
((w + d + l == 40)) || fail "the shards played $((w + d + l)) games, not 40"
[[ $(grep -h '^\[Round ' "$work"/fixed/shard-*.pdn | sort -u | wc -l) == 40 ]] ||
  fail "the shards did not play the 40 games of the match once each"

# The SPRT: depth 6 against depth 1 wins nearly every game, so H1 comes within a few batches.
sprt_engines=(--engine name=deep "cmd=$bin/damiera" depth=6 --engine name=shallow
  "cmd=$bin/damiera" depth=1 --openings "$root/tools/openings/3ply.txt" --concurrency 1)
"$root/tools/slurm/match-campaign" --shards 4 --dir "$work/sprt" --bin "$bin" \
  --sprt "elo0=0 elo1=100" --max-batches 10 -- "${sprt_engines[@]}" --games 8 \
  >"$work/sprt-submitted.txt" || fail "the SPRT campaign ended without a verdict"
mapfile -t batches < <(awk '$1 == "batch" {print $4}' "$work/sprt-submitted.txt")
last=$(grep '^combined ' "$work/sprt-submitted.txt" | tail -1)
[[ $last == *" sprt H1" ]] || fail "the SPRT campaign stopped at '$last', not H1"
for ((b = 1; b <= ${#batches[@]}; b++)); do
  check_records "${batches[b - 1]} 4" -- "$work/sprt/batch-$b"/shard-*.task
  files=()
  for ((i = 1; i <= b; i++)); do files+=("$work/sprt/batch-$i"/shard-*.pdn); done
  verdict=$("$bin/damiera-match" --combine "${files[@]}" --sprt elo0=0 elo1=100 |
    awk '/^combined / {print $NF}')
  if ((b < ${#batches[@]})); then
    [[ $verdict == continue ]] || fail "the SPRT had its verdict after batch $b but went on"
  fi
done
echo "match campaigns: 40 games in 4 shards ($summed), SPRT H1 after ${#batches[@]} batch(es)"
