#!/bin/sh
# Runs an engine so that it never outlives its client:
#   guard.sh CLIENT_PID ENGINE [ARGS...]
# The engine gets this script's stdin/stdout/stderr (stdin through fd 3: a
# background job of a script has its stdin set to /dev/null before its own
# redirections, so "<&0" would not do).
# A watcher checks every second that the client process is still there; when
# it is gone (even after kill -9, which the client cannot handle), the engine
# is killed. The client starts the guard in a process group of its own and
# kills the whole group to stop an engine. The exit status is the engine's.
client="$1"
shift
exec 3<&0
"$@" <&3 3<&- &
engine=$!
exec 3<&-
(
  while kill -0 "$client" 2>/dev/null; do sleep 1; done
  kill -9 "$engine" 2>/dev/null
) </dev/null >/dev/null 2>&1 &
watcher=$!
trap 'kill -9 "$engine" "$watcher" 2>/dev/null' TERM INT HUP
wait "$engine"
status=$?
kill "$watcher" 2>/dev/null
exit "$status"
