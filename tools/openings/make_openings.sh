#!/usr/bin/env bash
# Makes the default openings of damiera-match: every distinct position reached after PLIES
# plies from the start (R3) with equal material, as the first move sequence (in legalmoves
# order) that reaches it. Positions are compared by FEN (same pieces, same side to move), so
# transpositions appear once. Mid-exchange positions (one side a piece up, the other about to
# take back) are left out: the point of an opening set is balanced starts.
#
#   tools/openings/make_openings.sh build/damiera [PLIES] > tools/openings/3ply.txt
#
# The rules come from the engine itself (`legalmoves`, and `d` for the FEN), so the set always
# agrees with the referee. tools_tests checks that the shipped file is this script's output.
set -euo pipefail
damiera=$1
plies=${2:-3}

coproc RULES { exec "$damiera"; }
trap 'kill "$RULES_PID" 2>/dev/null || true' EXIT

# Reads lines from the engine until one starts with $1; sets reply to it.
read_until() {
  while IFS= read -r reply <&"${RULES[0]}"; do
    [[ $reply == "$1"* ]] && return 0
  done
  echo "make_openings.sh: the engine stopped answering" >&2
  exit 1
}

legal_moves() {  # $1: moves from the start; sets moves
  echo "position startpos moves $1" >&"${RULES[1]}"
  echo "legalmoves" >&"${RULES[1]}"
  read_until "legalmoves"
  moves=(${reply#legalmoves})
}

fen_of() {  # $1: moves from the start; sets fen
  echo "position startpos moves $1" >&"${RULES[1]}"
  echo "d" >&"${RULES[1]}"
  read_until "fen "
  fen=${reply#fen }
}

pieces=0
count_pieces() {  # $1: a FEN piece list "W21,22,K14" -> sets pieces (no subshell: it is fast)
  local list=${1:1} commas
  commas=${list//[^,]/}
  pieces=$((${#list} == 0 ? 0 : ${#commas} + 1))
}

declare -A seen
openings=()
walk() {  # $1: moves so far, $2: plies left
  if (($2 == 0)); then
    fen_of "$1"
    local sides=${fen#*:} white
    count_pieces "${sides%%:*}"
    white=$pieces
    count_pieces "${sides#*:}"
    ((white == pieces)) || return 0
    [[ -n ${seen[$fen]:-} ]] && return 0
    seen[$fen]=1
    openings+=("${1# }")
    return 0
  fi
  local moves
  legal_moves "$1"
  local m
  for m in "${moves[@]}"; do walk "$1 $m" $(($2 - 1)); done
}
walk "" "$plies"

echo "# Damiera's default openings for damiera-match: every distinct position after $plies plies"
echo "# from the start with equal material (${#openings[@]} positions), one move sequence a line."
echo "# Made by tools/openings/make_openings.sh; each is played twice, the engines swapping colours."
printf '%s\n' "${openings[@]}"
