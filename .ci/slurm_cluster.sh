#!/usr/bin/env bash
# A throwaway single-node Slurm cluster in a private folder, for tests.
# Source this file, then: slurm_start DIR; ...; slurm_stop DIR.
# Nothing under /etc is touched: munge and Slurm get private keys, sockets,
# state, logs and config; daemons listen on loopback only.

slurm_start() {
  local dir="$1"
  mkdir -p "$dir"/{munge,state,spool,log,run}
  chmod 755 "$dir" "$dir/munge"   # munge's socket folder must be reachable (755)
  mungekey --create --keyfile="$dir/munge/munge.key" --force >/dev/null
  chmod 600 "$dir/munge/munge.key"
  munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed" --force
  local cpus
  cpus=$(nproc)
  cat >"$dir/slurm.conf" <<CONF
ClusterName=mbitest
SlurmctldHost=localhost(127.0.0.1)
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MailProg=/bin/true
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MinJobAge=600
ReturnToService=2
SchedulerType=sched/backfill
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$(( $(free -m | awk '/^Mem:/{print $2}') - 512 )) State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF" -N localhost
  for _ in $(seq 1 60); do
    if sinfo -h -o '%t' 2>/dev/null | grep -qx idle; then return 0; fi
    sleep 0.5
  done
  echo "slurm_start: the node did not become idle; slurmctld log:" >&2
  tail -20 "$dir/log/slurmctld.log" >&2 || true
  return 1
}

slurm_stop() {
  local dir="$1" pidfile pid
  for pidfile in "$dir/run/slurmd.pid" "$dir/run/slurmctld.pid" "$dir/munge/munged.pid"; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -9 "$pid" 2>/dev/null || true
  done
}

# Waits until a job (or array) has left the queue.
slurm_wait() {
  local job="$1"
  while [ -n "$(squeue -h -j "$job" 2>/dev/null)" ]; do sleep 1; done
}
