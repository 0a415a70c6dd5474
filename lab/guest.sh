#!/bin/bash
# Runs inside the lab guest (started by lab/init, with the host's tools): creates the two
# soft-RoCE devices, then runs the command that lab/run wrote to /run/lab/command.sh with its
# output on the virtio serial ports, and records its exit status for lab/run.
set -u
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

log() { echo "lab guest: $*" > /dev/ttyS0; }

# Under the lab's emulated CPUs every process started costs about a tenth of a second, and a boot
# is paid by every lab/run: the steps below read and wait with the shell's own builtins (read,
# nap) and start a process only where a tool does the work (ip, rdma, ln).
# lab/init starts this file by its absolute path, so its directory is the lab's.
lab_dir=${BASH_SOURCE[0]%/*}
. "$lab_dir/waiting.sh"

# The fast, byte-exact channels back to the host are virtio serial ports found by name.
port_device() {
  local name_file name
  for name_file in /sys/class/virtio-ports/*/name; do
    read -r name < "$name_file"
    if [ "$name" = "$1" ]; then
      name=${name_file%/name}
      echo "/dev/${name##*/}"; return 0
    fi
  done
  return 1
}

# Two rxe devices on the ends of one veth pair, in one namespace. By default the kernel sends
# traffic for an address of its own over lo, so the devices would never see each other's packets.
# Policy routing sends locally generated traffic for the peer's address out of the veth instead;
# packets arriving on the veth still reach the local table (pref 100) and are delivered.
# (Two network namespaces would be cleaner, but the 6.1 rxe's UDP socket lives only in the
# initial namespace.)
#
# The veth ends get fixed, locally administered MAC addresses (02:00, then the IPv4 address), not
# the kernel's random ones: a random one sometimes falls in a range Wireshark names (02:07:... is
# "MS-NLB-PhysServer-07"), which changed lab/wire's transcripts from boot to boot; fixed ones also
# keep the MAC-derived link-local GIDs (index 0) the same in every lab.
setup_network() {
  ip -batch - <<'COMMANDS' || return 1
link set lo up
link add lab0 address 02:00:c0:00:02:01 type veth peer name lab1 address 02:00:c0:00:02:02
addr add 192.0.2.1/24 dev lab0
addr add 192.0.2.2/24 dev lab1
link set lab0 up
link set lab1 up
rule add pref 100 lookup local
rule del pref 0
route add 192.0.2.2/32 dev lab0 src 192.0.2.1 table 10
route add 192.0.2.1/32 dev lab1 src 192.0.2.2 table 11
rule add pref 10 iif lo to 192.0.2.2 lookup 10
rule add pref 11 iif lo to 192.0.2.1 lookup 11
COMMANDS
  local conf
  for conf in all default lab0 lab1; do
    echo 1 > "/proc/sys/net/ipv4/conf/$conf/accept_local" && echo 0 > "/proc/sys/net/ipv4/conf/$conf/rp_filter" || return 1
  done
}

# Index of the RoCE v2 GID that maps the IPv4 address $2 on device $1, port 1.
roce_v2_gid_index() {
  local dev=$1 want=$2 path index gid type
  for path in /sys/class/infiniband/"$dev"/ports/1/gids/*; do
    index=${path##*/}
    read -r gid < "$path" 2>/dev/null && [ "$gid" = "$want" ] || continue
    # An unused entry has no type: reading it fails.
    read -r type < /sys/class/infiniband/"$dev"/ports/1/gid_attrs/types/"$index" 2>/dev/null || continue
    [ "$type" = "RoCE v2" ] && { echo "$index"; return 0; }
  done
  return 1
}

# The index of the RoCE v2 GID that maps 192.0.2.$2 on device $1, once it appears (the kernel adds
# the IPv4-mapped GIDs once the address is on the link), waiting at most 10 s.
await_gid_index() {
  local dev=$1 host=$2 tries
  for ((tries = 0; tries < 100; tries++)); do
    roce_v2_gid_index "$dev" "0000:0000:0000:0000:0000:ffff:c000:020$host" && return 0
    nap 0.1
  done
  log "no RoCE v2 GID for 192.0.2.$host appeared on $dev"
  return 1
}

# Adds soft-RoCE device $1 on network device $2 and waits until its port is ACTIVE.
add_rxe() {
  local tries state=
  rdma link add "$1" type rxe netdev "$2" || return 1
  for ((tries = 0; tries < 100; tries++)); do
    read -r state < "/sys/class/infiniband/$1/ports/1/state" 2>/dev/null
    [[ $state == *ACTIVE* ]] && return 0
    nap 0.1
  done
  log "$1 port did not become ACTIVE ($state)"
  return 1
}

# What udev would add: /dev/char/MAJOR:MINOR links, where libibverbs looks for a device file it
# could not open under /dev/infiniband.
link_device_files() {
  local dev number name
  mkdir -p /dev/char
  for dev in /sys/class/infiniband_verbs/uverbs*/dev /sys/class/misc/rdma_cm/dev; do
    [ -f "$dev" ] || continue
    read -r number < "$dev"
    name=${dev%/dev}
    ln -sf "../infiniband/${name##*/}" "/dev/char/$number"
  done
}

setup_devices() {
  add_rxe rxe0 lab0 && add_rxe rxe1 lab1 || return 1
  link_device_files
  # One RDMA_LAB_GID_INDEX serves both devices, so both must map their address at the same index.
  local rxe1_index
  RDMA_LAB_GID_INDEX=$(await_gid_index rxe0 1) && rxe1_index=$(await_gid_index rxe1 2) || return 1
  [ "$rxe1_index" = "$RDMA_LAB_GID_INDEX" ] && return 0
  log "rxe0 and rxe1 map their addresses at different GID indexes ($RDMA_LAB_GID_INDEX and $rxe1_index)"
  return 1
}

# lab/pair's guests (lab.pair=1 or 2 on the kernel's command line): each is one end of a virtual
# Ethernet link to the other guest, its virtio NIC, with the address 192.0.2.N and one soft-RoCE
# device on it, rxe0, as on two machines (lab/pair gives the NIC a fixed MAC, as the veth has).
read -r cmdline < /proc/cmdline
pair=
[[ $cmdline =~ (^| )lab\.pair=([12])( |$) ]] && pair=${BASH_REMATCH[2]}

setup_pair() {
  local nics=(/sys/class/net/*/device) nic
  nic=${nics[0]%/device}
  nic=${nic##*/}
  ip -batch - <<COMMANDS || return 1
link set lo up
addr add 192.0.2.$pair/24 dev $nic
link set $nic up
COMMANDS
  add_rxe rxe0 "$nic" || return 1
  link_device_files
  RDMA_LAB_GID_INDEX=$(await_gid_index rxe0 "$pair")
}

# What every process in the guest is doing, for a command that has not ended when it should have:
# the processes, the kernel stacks of the threads blocked in the kernel (state D), every CPU's
# backtrace (a thread spinning in the kernel shows there), the threads of every JVM with their CPU
# time and their Java stacks, and the kernel's last messages (hung tasks, soft lockups, rxe's
# complaints).
report_stuck() {
  local deadline=$1
  echo "lab: the command still runs $((deadline - $(date +%s))) s before its time limit (LAB_TIMEOUT);" \
    "here is what the guest is doing"
  ps --ppid 2 -p 2 --deselect -o pid,ppid,stat,etimes,time,wchan:32,args | cut -c1-240 # not the kernel's threads
  local task state pid
  for task in /proc/[0-9]*/task/[0-9]*; do
    state=$(awk '{ print $3 }' "$task/stat" 2>/dev/null)
    [ "$state" = D ] || continue
    echo "--- kernel stack of thread ${task##*/} ($(cat "$task/comm" 2>/dev/null)), blocked in the kernel"
    cat "$task/stack" 2>/dev/null
  done
  echo l > /proc/sysrq-trigger 2>/dev/null
  # The newest JVMs first (a test's, a program's), before Maven's: the time left may not do for all.
  for pid in $(pgrep -x java | sort -rn); do
    [ $((deadline - $(date +%s))) -gt 160 ] || { echo "--- (no time left for the Java threads of process $pid)"; continue; }
    echo "--- Java threads of process $pid: $(tr '\0' ' ' < "/proc/$pid/cmdline" | cut -c1-200)"
    "$lab_dir/jvm-threads" "$pid"
  done
  echo "--- the kernel's last messages"
  dmesg | tail -n 60
}

# lab/run writes when its time limit ends (seconds since the epoch; the guest's clock is the
# host's). Shortly before, the guest reports what is stuck, so that a run that a limit kills (in
# CI, say) leaves its diagnosis in its own output.
watch_deadline() {
  local deadline margin=300 wait
  deadline=$(cat /run/lab/deadline 2>/dev/null) || return 0
  wait=$((deadline - margin - $(date +%s)))
  [ "$wait" -gt 0 ] || return 0
  sleep "$wait" && report_stuck "$deadline"
}

# A side of lab/pair: the server's guest (1) says when its command listens, by a file in its run
# directory; the client's guest (2) starts its command once lab/pair has seen it, by a file in its own.
run_pair_side() {
  if [ "$pair" = 2 ]; then
    until [ -e /run/lab/go ]; do nap 0.1; done
  fi
  # shellcheck disable=SC1091
  (. /run/lab/command.sh) </dev/null >&5 2>&6 3>&- 5>&- 6>&- &
  local command=$! tries
  if [ "$pair" = 1 ]; then
    for tries in $(seq 100000); do
      server_listens 0 "$tries" && { : > /run/lab/listening; break; }
      kill -0 "$command" 2>/dev/null || break
      nap 0.1
    done
  fi
  wait "$command"
  status=$?
}

# What makes the many program starts of a lab session cheaper, none of which a program can tell
# (docs/soft-roce.md):
# - every process at the same addresses (no address-space randomization): qemu keeps what it
#   translated of the guest's code, and a JVM whose own code sits where the JVM before it had it
#   finds more of that again, and starts measurably sooner (a throwaway guest needs no hardening);
# - Maven started by lab/mvn, with its jars on the JVM's class path and their classes from the
#   class-data archive that lab/run had made of them on the host (lab/maven-class-data), through an
#   mvn in the guest's throwaway layer that comes first on the PATH: only when Maven runs on the
#   JDK the archive is for (another JDK would refuse it, and its own archive with it, and say so),
#   and unless MAVEN_SKIP_RC is set, Maven's own switch for starting without such settings.
speed_up_starts() {
  echo 0 > /proc/sys/kernel/randomize_va_space
  local record jdk archive maven_home
  record=$lab_dir/../target/class-data/maven-current
  [ -f "$record" ] && { read -r jdk; read -r archive; read -r maven_home; } < "$record" \
    && [ -s "$archive" ] && [ -n "$maven_home" ] || return 0
  cat > /usr/local/bin/mvn <<EOF
#!/bin/sh
# Written by lab/guest.sh: Maven started by lab/mvn, its classes from their archive, when it runs
# on $jdk; else Maven's own script.
case "\${MAVEN_SKIP_RC:-}:\${JAVA_HOME:-$jdk}" in
  :$jdk|:$jdk/)
    MAVEN_HOME=$maven_home MAVEN_OPTS="-XX:SharedArchiveFile=$archive\${MAVEN_OPTS:+ \$MAVEN_OPTS}" \\
      exec "$lab_dir/mvn" "\$@" ;;
esac
exec "$maven_home/bin/mvn" "\$@"
EOF
  chmod +x /usr/local/bin/mvn
}

# The library directories JNA finds at a JVM's start, in its order: its own for this architecture,
# then ldconfig's, those that exist.
jna_library_path() {
  { printf '%s\n' /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu /usr/lib64 /lib64 /usr/lib /lib
    ldconfig -p | sed -n 's|.* => \(/.*\)/[^/]*$|\1|p'
  } | awk '!seen[$0]++' | while read -r dir; do [ -d "$dir" ] && echo "$dir"; done | paste -sd:
}

status=125
stdout_port=$(port_device lab.stdout) && stderr_port=$(port_device lab.stderr) || {
  log "virtio serial ports not found"; echo $status > /run/lab/status; exit 0; }

if [ -n "$pair" ]; then
  setup_pair
else
  setup_network && setup_devices
fi
if [ $? -eq 0 ]; then
  # shellcheck disable=SC1091
  . /run/lab/env.sh
  # What programs and tests inside the lab may rely on.
  export RDMA_LAB=1
  if [ -n "$pair" ]; then
    export RDMA_LAB_DEVICES=rxe0 RDMA_LAB_IP0=192.0.2.$pair RDMA_LAB_PEER=192.0.2.$((3 - pair))
  else
    export RDMA_LAB_DEVICES="rxe0 rxe1"
    export RDMA_LAB_IP0=192.0.2.1 RDMA_LAB_IP1=192.0.2.2
  fi
  export RDMA_LAB_GID_INDEX
  speed_up_starts
  # The options of every JVM in the lab (below), for a benchmark that compares others with them.
  # The JIT's C2 tier trips a race in qemu's multi-threaded TCG on self-modifying code (random
  # SIGILL/SIGSEGV in compiled code); C1 alone is stable and, under emulation, faster. C1 compiles
  # on one thread (with C2 the JVM would refuse fewer than two): the guest's two vCPUs run on the
  # host's two cores, and a second compiler thread takes one of them from the program it compiles
  # for. JNA asks ldconfig for the system's library directories at each JVM's start, a process of
  # its own, which the emulated CPUs take a good part of a second to start: the guest asks once,
  # here, and hands every JVM the answer. The JDKs here map each class-data archive (their own, and
  # Maven's, the chapters' and the appendix's) at an address of their choosing, and then rewrite
  # every pointer in it, touching each of its pages (ArchiveRelocationMode=1, their default, for the
  # address-space randomization this guest turns off): mode 0 maps an archive at the address it was
  # made for, relocating only when that is taken.
  export LAB_JVM_OPTIONS="-XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 -Djna.platform.library.path=$(jna_library_path)"
  export JAVA_TOOL_OPTIONS="$LAB_JVM_OPTIONS${JAVA_TOOL_OPTIONS:+ $JAVA_TOOL_OPTIONS}"
  # Every JVM announces those options on stderr ("Picked up JAVA_TOOL_OPTIONS: ..."), which a
  # learner takes for an error: that exact line, alone, labelled by lab/both or after the colour
  # reset Maven prints before a test's JVM starts, is left out of the command's output, and
  # nothing else.
  notice="Picked up JAVA_TOOL_OPTIONS: $JAVA_TOOL_OPTIONS"
  notice_line="^\(\x1b\[[0-9;]*m\)*\(\[[A-Za-z0-9_]*\] \)\?$(printf '%s' "$notice" | sed 's/[][\.*^$/]/\\&/g')\$"
  without_notice() { sed -u "/$notice_line/d"; }
  # A virtio serial port opens once at a time: the command and the watchdog share one descriptor.
  exec 3>"$stderr_port"
  watch_deadline </dev/null >&3 2>&1 &
  watchdog=$!
  exec 5> >(without_notice >"$stdout_port" 3>&-)
  stdout_filter=$!
  exec 6> >(without_notice >&3)
  stderr_filter=$!
  if [ -z "$pair" ]; then
    # shellcheck disable=SC1091
    (. /run/lab/command.sh) </dev/null >&5 2>&6 3>&- 5>&- 6>&-
    status=$?
  else
    run_pair_side
  fi
  exec 5>&- 6>&-
  # The filters end when the last writer closes; a process the command left running may hold
  # its output open for ever, and the command's end is the lab's end.
  for _ in $(seq 50); do
    kill -0 "$stdout_filter" "$stderr_filter" 2>/dev/null || break
    sleep 0.1
  done
  kill "$stdout_filter" "$stderr_filter" 2>/dev/null
  kill "$watchdog" 2>/dev/null
else
  echo "lab: could not create the soft-RoCE devices (see the guest console)" > "$stderr_port"
fi
echo "$status" > /run/lab/status
sync
