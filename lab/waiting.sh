# Sourced by lab/both and lab/guest.sh: waiting for a server inside the lab. Under the lab's
# emulated CPUs every process started costs about a tenth of a second of CPU (a `sleep 0.1` in a
# loop took 0.19 s a turn), taken from the programs being waited for, so nothing here starts one
# but the rdma tool, which alone sees the connection manager's listeners.

# A read with a timeout on a pipe that nobody writes to is a sleep inside this shell.
exec {never_ready}<> <(:)
nap() { read -r -t "$1" -u "$never_ready" || true; }

# How many TCP sockets are in LISTEN (state 0A), IPv4 and IPv6 (Java listens on both at once), into
# $listeners: read by the shell itself, with no command substitution (a copy of this shell).
count_tcp_listeners() {
  local table lines line fields
  listeners=0
  for table in /proc/net/tcp /proc/net/tcp6; do
    [ -r "$table" ] || continue
    mapfile -t lines < "$table"
    for line in "${lines[@]:1}"; do
      read -r -a fields <<< "$line"
      [ "${fields[3]}" = 0A ] && listeners=$((listeners + 1))
    done
  done
}

# Whether a server listens now: more TCP listeners than $1, or an rdma_cm identifier in LISTEN
# (the kernel names the thread that made it, not the process: the lab runs nothing else, so any
# listener is the server's). The rdma tool is asked at the first five of the looks numbered $2 (a
# C server listens at once), then at every tenth (a JVM takes seconds to start).
server_listens() {
  count_tcp_listeners
  [ "$listeners" -gt "$1" ] && return 0
  (( $2 <= 5 || $2 % 10 == 0 )) && rdma resource show cm_id 2>/dev/null | grep -q LISTEN
}
