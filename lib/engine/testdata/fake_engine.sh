#!/bin/sh
# A scripted UCI engine for tests. $1 = behaviour on "go":
#   ok      answer with a fixed search
#   die     exit 3 in the middle of the search
#   hang    never answer
#   flaky   die on the first go of a counter file $2, answer afterwards
#   mute    never answer "uci" either
#   black   like ok, with a principal variation for Black to move
mode="$1"
first=e2e4
second=e7e5
[ "$mode" = black ] && first=e7e5 && second=g1f3
while read -r line; do
  case "$line" in
    uci)
      [ "$mode" = mute ] && continue
      echo "id name FakeEngine 1.0"
      echo "id author tests"
      echo "option name Hash type spin default 16 min 1 max 1024"
      echo "option name Threads type spin default 1 min 1 max 8"
      echo "option name UCI_Chess960 type check default false"
      echo "option name MultiPV type spin default 1 min 1 max 500"
      echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    go*)
      echo "info depth 1 score cp 10 nodes 100 pv $first"
      if [ "$mode" = die ]; then exit 3; fi
      if [ "$mode" = hang ]; then sleep 600; fi
      if [ "$mode" = flaky ] && [ ! -e "$2" ]; then : > "$2"; exit 3; fi
      echo "info depth 2 score cp 12 nodes 200 pv $first $second"
      echo "info depth 3 score cp 11 upperbound nodes 1000 pv $first"
      echo "bestmove $first ponder $second" ;;
  esac
done
