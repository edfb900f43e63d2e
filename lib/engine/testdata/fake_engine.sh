#!/bin/sh
# A scripted UCI engine for tests. $1 = behaviour on "go":
#   ok      answer with a fixed search
#   die     exit 3 in the middle of the search
#   hang    never answer
#   flaky   die on the first go of a counter file $2, answer afterwards
#   mute    never answer "uci" either
#   black   like ok, with a principal variation for Black to move
#   huge    like ok, with a score no engine can report (cp 99999999999999999999999)
#   nan     like ok, with a score that is not a number (cp NaN)
#   tree    MultiPV answers for the classical start (SP 518): one near-best first move
#           (e2e4; d2d4 is 50 cp worse), then several near-best moves at every ply
#   no960   like ok, but declares no UCI_Chess960 option
mode="$1"
first=e2e4
second=e7e5
[ "$mode" = black ] && first=e7e5 && second=g1f3
score=12
[ "$mode" = huge ] && score=99999999999999999999999
[ "$mode" = nan ] && score=NaN
while read -r line; do
  case "$line" in
    uci)
      [ "$mode" = mute ] && continue
      echo "id name FakeEngine 1.0"
      echo "id author tests"
      echo "option name Hash type spin default 16 min 1 max 1024"
      echo "option name Threads type spin default 1 min 1 max 8"
      [ "$mode" = no960 ] || echo "option name UCI_Chess960 type check default false"
      echo "option name MultiPV type spin default 1 min 1 max 500"
      echo "uciok" ;;
    isready) echo "readyok" ;;
    position*) plies=$(echo "$line" | awk '{ n = 0; for (i = 1; i <= NF; i++) if ($i == "moves") n = NF - i; print n }') ;;
    quit) exit 0 ;;
    go*)
      if [ "$mode" = tree ]; then
        case "$plies" in
          0) set -- "50 e2e4" "0 d2d4" ;;
          1) set -- "-20 e7e5" "-25 c7c5" "-30 e7e6" ;;
          2) set -- "30 g1f3" "25 b1c3" ;;
          *) set -- "-10 a7a6" "-15 h7h6" "-20 a7a5" ;;
        esac
        k=1
        for pv in "$@"; do
          echo "info depth 5 seldepth 6 multipv $k score cp ${pv% *} nodes 500 pv ${pv#* }"
          k=$((k + 1))
        done
        echo "bestmove ${1#* }"
        continue
      fi
      echo "info depth 1 score cp 10 nodes 100 pv $first"
      if [ "$mode" = die ]; then exit 3; fi
      if [ "$mode" = hang ]; then sleep 600; fi
      if [ "$mode" = flaky ] && [ ! -e "$2" ]; then : > "$2"; exit 3; fi
      echo "info depth 2 score cp $score nodes 200 pv $first $second"
      echo "info depth 3 score cp 11 upperbound nodes 1000 pv $first"
      echo "bestmove $first ponder $second" ;;
  esac
done
