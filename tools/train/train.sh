#!/usr/bin/env bash
# Reproduces generation 1 of the evaluation weights (src/search/weights/gen1.weights) from the
# self-play data: tools/train/train.sh DATA [OUT]
# DATA is the chunk prefix damiera-selfplay wrote (docs/evaluation.md, "How the evaluation is
# trained", says how the data was made); OUT defaults to the shipped file. Same data, same
# settings, same seed: the same weights (written in today's format, DAMEVAL2, with the king
# tables generation 1 did not have left at zero).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
data=${1:?usage: tools/train/train.sh DATA [OUT]}
out=${2:-$root/src/search/weights/gen1.weights}
if [[ ! -f "$root/build/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$root/build" >&2
fi
cmake --build "$root/build" --parallel 2 --target damiera-train >&2
# The settings of the shipped file; keep them in step with README.md.
exec "$root/build/damiera-train" --data "$data" --games 7200 --seed 1 --epochs 20 \
  --lambda 0.5 --pattern-rate 0.2 --pattern-decay 0.001 --term-rate 0.01 --batch 16384 \
  --validation-every 20 --king-tables none --out "$out"
