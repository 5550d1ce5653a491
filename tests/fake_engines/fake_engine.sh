#!/usr/bin/env bash
# A fake engine for testing damiera-match: it speaks the native protocol and plays random legal
# moves (asking a real damiera for the legal moves with `legalmoves`), then, after a number of
# moves, misbehaves in the way the mode says. Each game's first moves are legal, so the tests
# also see the referee accept moves before it catches the fault.
#
#   fake_engine.sh DAMIERA MODE [AFTER [SEED]]
#
#   MODE    random   legal random moves, never misbehaves
#           illegal  plays an illegal move (a legal one reversed: never legal)
#           crash    exits with code 3 instead of answering go
#           hang     never answers go, and ignores SIGTERM and quit
#           garbage  prints junk lines, then "bestmove" with a junk move
#           error    answers go with an "error ..." line
#           none     answers "bestmove none" (no move) although it has legal moves
#           nullmove answers "bestmove 0000" (UCI's null move) likewise
#   AFTER   legal moves played (per game) before misbehaving, default 0
#   SEED    seed of the random choices, default 1
#   option WhiteScore (cp, White's point of view) is reported as the score of every move,
#   turned to the side to move's point of view, so two fakes "agree" for adjudication tests.
set -u
damiera=$1
mode=$2
after=${3:-0}
RANDOM=${4:-1}
white_score=0
moves_this_game=0
position_line="position startpos"

coproc RULES { exec "$damiera"; }
trap 'kill "$RULES_PID" 2>/dev/null' EXIT

legal_moves() {  # sets moves to the legal moves of $position_line, error to a rejection
  echo "$position_line" >&"${RULES[1]}"
  echo "legalmoves" >&"${RULES[1]}"
  error=""
  local reply
  while IFS= read -r reply <&"${RULES[0]}"; do
    [[ $reply == error* ]] && error=$reply
    if [[ $reply == legalmoves* ]]; then
      moves=(${reply#legalmoves})
      return
    fi
  done
  exit 4  # the rules engine died
}

side_to_move() {  # from the position line: the FEN's side (or White for startpos), then parity
  local words=($position_line) side=W count=0 seen_moves=0 word
  [[ ${words[1]} == fen ]] && side=${words[2]:0:1}
  for word in "${words[@]}"; do
    ((seen_moves)) && ((count++))
    [[ $word == moves ]] && seen_moves=1
  done
  if ((count % 2)); then [[ $side == W ]] && side=B || side=W; fi
  echo "$side"
}

misbehave() {
  case $mode in
    crash) exit 3 ;;
    hang)
      trap '' TERM INT
      while :; do sleep 60; done
      ;;
    garbage)
      echo "hello there"
      echo "info score banana"
      echo "bestmove ?!@#garbage"
      ;;
    error) echo "error this engine refuses to think" ;;
    none) echo "bestmove none" ;;
    nullmove) echo "bestmove 0000" ;;
    illegal)
      local squares=(${1//[-x]/ }) sep=-
      [[ $1 == *x* ]] && sep=x
      echo "bestmove ${squares[-1]}$sep${squares[0]}"
      ;;
  esac
}

go() {
  local moves error
  legal_moves
  [[ -n $error ]] && { echo "$error"; return; }
  if ((${#moves[@]} == 0)); then
    echo "bestmove none"
    return
  fi
  local move=${moves[RANDOM % ${#moves[@]}]}
  if [[ $mode != random ]] && ((moves_this_game >= after)); then
    misbehave "$move"
    return
  fi
  ((moves_this_game++))
  local score=$white_score
  [[ $(side_to_move) == B ]] && score=$((-score))
  echo "info depth 1 seldepth 1 score cp $score nodes ${#moves[@]} nps 0 time 0 pv $move"
  echo "bestmove $move"
}

while IFS= read -r line; do
  case $line in
    uci)
      echo "id name FakeEngine $mode"
      echo "id author the Damiera tests"
      echo "option name WhiteScore type spin default 0 min -100000 max 100000"
      echo "uciok"
      ;;
    isready) echo "readyok" ;;
    ucinewgame) moves_this_game=0 ;;
    "setoption name WhiteScore value "*) white_score=${line##* } ;;
    setoption*) echo "error unknown option" ;;
    position*) position_line=$line ;;
    go*) go ;;
    quit) exit 0 ;;
  esac
done
