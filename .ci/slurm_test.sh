#!/usr/bin/env bash
# The Slurm test: a throwaway single-node cluster runs the ci profile's
# evaluation as a 3-task array job and a small self-play run as a 2-task array
# job; the merged results must equal single-process runs; a deliberately
# cancelled task must be named by the merge and fixed by rerunning its shard.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
source "$ROOT/.ci/slurm_cluster.sh"
DENO="${DENO:-$(npx -y deno@2.9.6 eval 'console.log(Deno.execPath())')}"
WORK="$(mktemp -d /tmp/mbi-slurm-test.XXXXXX)"
SLURM_DIR="$WORK/slurm"
trap 'slurm_stop "$SLURM_DIR"' EXIT

if ! command -v slurmctld >/dev/null; then
  apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi
git clone -q "$ROOT" "$WORK/repo"    # a clean tree: results of this test stay out of the checkout
cd "$WORK/repo"
slurm_start "$SLURM_DIR"
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

"$DENO" task engine-info >/dev/null   # measure the engine fingerprint once (cached), so the timings below compare runs only
echo "== single-process run of the ci evaluation"
t0=$(now)
"$DENO" task eval-all --profile ci --workers 1 --out "$WORK/single.jsonl" 2>&1 | tail -1
t1=$(now)
echo "single process: $(secs "$t0" "$t1") s"

echo "== the same as a 3-task Slurm array job"
t0=$(now)
job=$("$DENO" task cluster-submit --stage eval --shards 3 --profile ci | awk '/submitted array job/ {print $4}')
slurm_wait "$job"
t1=$(now)
echo "array job $job: $(secs "$t0" "$t1") s (submit to last task done)"
scontrol show job "$job" | grep -E "ArrayTaskId|JobState" | paste - - | awk '{print "  " $0}'
"$DENO" task eval-merge --profile ci
"$DENO" run -A .ci/compare_results.ts evals results/ci/evals.jsonl "$WORK/single.jsonl"

echo "== a failed task: cancel shard 1 of a larger run mid-way; the merge names it; rerunning that shard resumes it"
P="ci~eval400000"
job=$("$DENO" task cluster-submit --stage eval --shards 3 --profile "$P" | awk '/submitted array job/ {print $4}')
shard1="results/$P/shards/evals.shard-1-of-3.jsonl"
for _ in $(seq 1 240); do
  [ -f "$shard1" ] && [ "$(wc -l <"$shard1")" -ge 2 ] && break
  sleep 0.5
done
scancel "${job}_1"
slurm_wait "$job"
lines=$(wc -l <"$shard1")
echo "shard 1 stopped with $((lines - 1)) of 4 positions"
if "$DENO" task eval-merge --profile "$P" 2>"$WORK/merge.err"; then
  echo "FAIL: the merge accepted an incomplete shard" >&2
  exit 1
fi
cat "$WORK/merge.err"
grep -q "incomplete shard(s): 1/3" "$WORK/merge.err"
job2=$(sbatch --parsable --array=1 "results/$P/slurm/eval.sbatch")
slurm_wait "$job2"
grep -h "^done:" "results/$P/slurm/eval-${job2}_1.err"   # the rerun resumed the shard
"$DENO" task eval-merge --profile "$P"
test "$(grep -c '"sp"' "results/$P/evals.jsonl")" -eq 12

echo "== self-play as a 2-task array job equals the single-process run"
"$DENO" task derive-mbi --profile ci
"$DENO" task selfplay --profile ci --workers 1 --out "$WORK/selfplay-single" 2>&1 | tail -2
t0=$(now)
job=$("$DENO" task cluster-submit --stage selfplay --shards 2 --profile ci | awk '/submitted array job/ {print $4}')
slurm_wait "$job"
t1=$(now)
echo "self-play array job $job: $(secs "$t0" "$t1") s"
"$DENO" task selfplay-merge --profile ci
"$DENO" run -A .ci/compare_results.ts games results/ci/selfplay/games.jsonl "$WORK/selfplay-single/games.jsonl"
echo "slurm test: passed"
