#!/usr/bin/env python3
"""Conversion test: the engine plays won positions against itself and counts the wins.

Usage: tools/egdb/conversion.py --engine build/damiera [--egdb DIR] [--movetime MS] FENFILE

FENFILE: one won position a line, White to move (`damiera-egdb sample` writes them; anything
after the FEN is ignored). With --egdb both sides use the database (EGDBPath), without it
neither does. A game ends by the engine's own `result` (R13..R15, NoProgressMoves 40). Prints
one line a position and the total; exit 0.
"""
import argparse
import subprocess
import sys


class Engine:
    def __init__(self, command, egdb):
        self.proc = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name EGDBPath value " + (egdb if egdb else "<empty>"))
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("conversion: the engine stopped")
            if line.startswith(prefix):
                return line.strip()

    def close(self):
        self.send("quit")
        self.proc.wait()


def play(engine, fen, movetime):
    moves = []
    engine.send("ucinewgame")
    while True:
        engine.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))
        engine.send("result")
        result = engine.wait("result ").split()
        if result[1] != "*":
            return result[1], result[2], len(moves)
        engine.send("go movetime %d" % movetime)
        moves.append(engine.wait("bestmove ").split()[1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", required=True)
    parser.add_argument("--egdb", default="")
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("fens")
    args = parser.parse_args()
    engine = Engine(args.engine, args.egdb)
    wins = games = 0
    for line in open(args.fens):
        if not line.strip():
            continue
        fen = line.split()[0]
        outcome, reason, plies = play(engine, fen, args.movetime)
        games += 1
        wins += outcome == "1-0"
        print("%s %s %s after %d plies" % (fen, outcome, reason, plies), flush=True)
    engine.close()
    print("won %d of %d (%s)" % (wins, games, "with " + args.egdb if args.egdb else "no database"))


if __name__ == "__main__":
    main()
