#!/bin/bash
# tools/openings/bad-side end to end: classify (and resume), count on games with known results,
# play one game an opening with the worse-side engine on the worse colour.
# Usage: bad_side_test.sh DAMIERA DAMIERA_MATCH WORK_DIR
set -euo pipefail
damiera=$1 match=$2 work=$3
tool=$(cd "$(dirname "$0")/../.." && pwd)/tools/openings/bad-side
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

printf '# two openings\n21-17 9-13 22-18\n\n23-19 9-13 19-14\n' > openings.txt

# classify: both engines' scores from White's view, the verdict their common sign.
"$tool" classify --engine a="$damiera" --engine b="$damiera" --depth 8 --openings openings.txt \
    --out worse.txt > classify.out
grep -q '^2 openings: worse side White [0-9], Black [0-9], unclear [0-9]$' classify.out ||
    fail "classify summary: $(cat classify.out)"
[ "$(grep -vc '^#' worse.txt)" = 2 ] || fail "two lines expected: $(cat worse.txt)"
[ ! -e worse.txt.partial ] || fail "the partial file is left"
awk -F'\t' '!/^#/ {
  want = ($3 > 0 && $4 > 0) ? "black" : ($3 < 0 && $4 < 0) ? "white" : "unclear"
  if ($2 != want) { print "verdict " $2 " for scores " $3 " " $4; exit 1 } }' worse.txt ||
    fail "verdict does not follow the scores"

# resume: an opening already in the partial file is kept as it is, not searched again.
printf '# header\n21-17 9-13 22-18\tblack\t7\t9\n' > resumed.txt.partial
"$tool" classify --engine a="$damiera" --engine b="$damiera" --depth 8 --openings openings.txt \
    --out resumed.txt > /dev/null
grep -q $'^21-17 9-13 22-18\tblack\t7\t9$' resumed.txt || fail "resume lost the done opening"
grep -q '^23-19 9-13 19-14' resumed.txt || fail "resume skipped an opening"

# count: the worse side's results, all games or one engine's.
printf '# moves\tworse side\ta\tb\n21-17 9-13 22-18\twhite\t-50\t-40\n23-19 9-13 19-14\tblack\t30\t20\n' \
    > known.txt
game() {  # White Black Result moves...
  printf '[Event "t"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n\n1. %s %s 2. %s 11-15 {c} %s\n\n' \
      "$1" "$2" "$3" "$4" "$5" "$6" "$3"
}
{
  game x y 1/2-1/2 21-17 9-13 22-18   # x worse (White), drawn: held
  game y x 0-1 21-17 9-13 22-18       # y worse (White), lost
  game y x 0-1 23-19 9-13 19-14      # x worse (Black), won: held
  game x y 1-0 21-17 10-14 22-18      # not a classified opening
  game x y '*' 23-19 9-13 19-14       # unfinished: counts for no one
} > known.pdn
[ "$("$tool" count --worse known.txt --engine x known.pdn)" = \
  "x on the worse side: 2 games, held 2 (100.0%: won 1, drawn 1), lost 0" ] ||
    fail "count x: $("$tool" count --worse known.txt --engine x known.pdn)"
[ "$("$tool" count --worse known.txt known.pdn)" = \
  "the worse side: 3 games, held 2 (66.7%: won 1, drawn 1), lost 1" ] ||
    fail "count all: $("$tool" count --worse known.txt known.pdn)"
if "$tool" count --worse known.txt missing.pdn 2> missing.err; then fail "a missing file passed"; fi
grep -q '^bad-side: ' missing.err || fail "missing file: $(cat missing.err)"

# play: one game an opening, the engine named worse on the worse colour; what an interrupted
# run left is cleared; a rerun plays none.
mkdir games && touch games/.opening.stale games/000.pdn.tmp
"$tool" play --engine "$damiera" --worse known.txt --out games --movetime 20 --match "$match" \
    --option Hash=1 > play.out
[ "$(ls -A games)" = $'000.pdn\n001.pdn' ] || fail "games: $(ls -A games)"
grep -q '^\[White "worse"\]' games/000.pdn || fail "opening 1: worse must be White"
grep -q '^\[Black "worse"\]' games/001.pdn || fail "opening 2: worse must be Black"
before=$(stat -c %Y games/000.pdn games/001.pdn)
"$tool" play --engine "$damiera" --worse known.txt --out games --movetime 20 --match "$match" > /dev/null
[ "$(stat -c %Y games/000.pdn games/001.pdn)" = "$before" ] || fail "the rerun played again"
"$tool" count --worse known.txt --engine worse games/*.pdn | grep -q '^worse on the worse side: 2 games' ||
    fail "count of the played games"
echo "bad-side: all checks passed"
