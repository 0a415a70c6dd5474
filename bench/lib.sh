# Shared by the bench scripts (source it): what starts, pins and times their runs, and the lines
# of their logs. The statistics and the pages are rdma.bench.report's, in Java.

# The median of the numbers on standard input, one a line: only to size a run from earlier ones.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# The facts a run log starts with, as "# name: value" comment lines (rdma.bench.report.RunLog
# reads them): the date, where it ran ("lab" inside the soft-RoCE lab, else the host's name), its
# CPUs and machine, and the versions of Java, JNA, rdma-core and perftest.
log_facts() {
  echo "# date: $(date -u +%F)"
  echo "# where: $( [ "${RDMA_LAB:-}" = 1 ] && echo lab || uname -n)"
  echo "# cpus: $(nproc)"
  echo "# machine: $(uname -m)"
  echo "# java: $(java -version 2>&1 | grep -v "^Picked up" | head -n1)"
  echo "# jna: $(pom_version jna)"
  echo "# rdma-core: $(dpkg-query -W -f '${Version}' ibverbs-utils 2>/dev/null || echo unknown)"
  echo "# perftest: $(dpkg-query -W -f '${Version}' perftest 2>/dev/null || echo unknown)"
}

# pom_version and chapter_classpath: bin/classpath.sh, which bin/chapter runs the chapters with.
. "$(dirname "${BASH_SOURCE[0]}")/../bin/classpath.sh"

# Waits until something listens on TCP port $1 (a server started in the background), at most a minute.
wait_listening() {
  for _ in $(seq 600); do ss -Hltn "sport = :$1" | grep -q . && return 0; sleep 0.1; done
  echo "bench: nothing listens on port $1" >&2; return 1
}

# The devices of a two-sided benchmark, from its arguments: "server device, client device, GID
# index" (default: the lab's rxe0, rxe1 and its GID index). Sets server_dev, client_dev, gid and
# gid_args (-g <gid>, or nothing on InfiniBand).
bench_devices() {
  server_dev=${1:-rxe0}
  client_dev=${2:-rxe1}
  gid=${3:-${RDMA_LAB_GID_INDEX:-}}
  gid_args=()
  if [ -n "$gid" ]; then gid_args=(-g "$gid"); fi
}

# Where one side of a pingpong runs, as taskset's CPU list, for side $1 (server or client) and
# placement $2: "apart" (the default), the server on CPU 0 and the client on CPU 1, as two hosts
# each have CPUs of their own; "shared", both on CPU 0; "free", wherever the scheduler puts them.
side_cpus() {
  case ${2:-apart}:$1 in
    apart:server | shared:*) echo 0 ;;
    apart:client) echo 1 ;;
    free:*) echo "0-$(($(nproc) - 1))" ;;
  esac
}

# One run of an ibv_rc_pingpong-like tool (the array named $1) on TCP port $2: server and client,
# both with the remaining options, on bench_devices' devices, each side on a CPU of its own
# (side_cpus); prints the client's "usec/iter Mbit/sec".
pingpong_pair() {
  local -n tool=$1
  local port=$2
  shift 2
  # Both tools: no host makes the server.
  taskset -c "$(side_cpus server)" "${tool[@]}" "$@" -d "$server_dev" "${gid_args[@]}" -p "$port" \
    > /tmp/bench-server.txt 2>&1 &
  local server=$!
  wait_listening "$port"
  if ! timeout 600 taskset -c "$(side_cpus client)" "${tool[@]}" "$@" -d "$client_dev" "${gid_args[@]}" -p "$port" \
    127.0.0.1 > /tmp/bench-client.txt 2>&1; then
    kill "$server" 2>/dev/null || true # a server whose client failed would wait for another forever
  fi
  wait "$server" || true
  local usec mbit
  usec=$(sed -n 's/.* = \([0-9.]*\) usec\/iter$/\1/p' /tmp/bench-client.txt)
  mbit=$(sed -n 's/.* = \([0-9.]*\) Mbit\/sec$/\1/p' /tmp/bench-client.txt)
  [ -n "$usec" ] && [ -n "$mbit" ] || { cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; return 1; }
  echo "$usec $mbit"
}

# The rounds of a pingpong benchmark, as log lines: $1 rounds at each size in $3..., every tool
# named in $2 ("c java": the arrays c_tool and java_tool) once a round, in turn, so that the lab's
# drift hits them alike, each at the caller's iters[SIZE] iterations and at four times that, on TCP
# ports counted on from the caller's port. Prints "short TOOL SIZE ROUND <usec/iter>" and "long ..."
# for each pair of runs; rdma.bench.report.Stats.steady takes the steady state from the two.
pingpong_rounds() {
  local rounds=$1 tools=$2 size round tool short long
  shift 2
  for size in "$@"; do
    for round in $(seq "$rounds"); do
      for tool in $tools; do
        port=$((port + 2))
        short=$(pingpong_pair "${tool}_tool" "$port" -s "$size" -n "${iters[$size]}" | cut -d' ' -f1)
        long=$(pingpong_pair "${tool}_tool" $((port + 1)) -s "$size" -n $((4 * iters[$size])) | cut -d' ' -f1)
        echo "bench: size $size round $round $tool: $short usec/iter, $long over 4 times as many iterations" >&2
        echo "short $tool $size $round $short"
        echo "long $tool $size $round $long"
      done
    done
  done
}

# One run of a perftest-like tool (the command in the arguments after the port), server and client
# with the same options, on $server_dev and $client_dev; prints the client's report.
run_pair() {
  local port=$1; shift
  "$@" -d "$server_dev" -p "$port" > /tmp/bench-server.txt 2>&1 &
  local server=$!
  wait_listening "$port"
  if ! timeout 600 "$@" -d "$client_dev" -p "$port" 127.0.0.1 > /tmp/bench-client.txt 2>&1; then
    kill "$server" 2>/dev/null || true # a server whose client failed would wait for another forever
  fi
  wait "$server" || true
  cat /tmp/bench-client.txt
}

# The number in column $2 of the line after the table header that holds $1 ("t_typical", "BW average");
# nothing where the column holds no number (perftest's "inf").
table_value() {
  awk -v header="$1" -v column="$2" '
    index($0, header) { take = 1; next }
    take && NF >= column && $1 ~ /^[0-9]+$/ { if ($column ~ /^[0-9.]+$/) print $column; exit }'
}

# perftest turns CPU cycles into time with a clock rate it estimates when it starts, and on the lab's
# emulated CPUs the estimate fails now and then: it says "Correlation coefficient r^2: ... < 0.9" and
# reports inf. Whether the run whose output is in file $1 is such a run.
clock_failed() { grep -q "Correlation coefficient" "$1"; }

# Runs "$@", one run that returns 2 where the lab spoiled it (and prints nothing then), three times at
# most, until it returns anything else, saying each time why ($1, "what happened"); returns 1 after
# three spoiled runs.
retried() {
  local why=$1 attempt status
  shift
  for attempt in 1 2 3; do
    "$@" && return 0 || status=$?
    [ "$status" = 2 ] || return "$status"
    echo "bench: $why: running it again" >&2
  done
  return 1
}

# Runs "$@", one perftest run that returns 2 where its clock estimate failed, as retried says.
perftest_retried() { retried "perftest could not estimate the CPU's clock rate (its times would be inf)" "$@"; }

# run_pair for one of perftest's tools, retried where its clock estimate failed (perftest_retried);
# prints nothing where every run's did, which the caller's check of the value it reads reports.
perftest_pair() { perftest_retried perftest_checked run_pair "$@" || true; }

# Runs "$@", a run of one of perftest's tools (run_pair or profiled_pair with their arguments), and
# prints the client's report; returns 2, printing nothing, where its clock estimate failed.
perftest_checked() {
  local report
  report=$("$@")
  clock_failed /tmp/bench-client.txt && return 2
  printf '%s\n' "$report"
}

# run_pair, with a profile of the run's middle: once it got going (sample_mid_run), perf samples
# every CPU for 8 s into the perf data file $1, and meanwhile counts the client's system calls,
# written to file $1.syscalls as "<seconds> <calls>". Port $2, the command after it; prints the
# client's report, or nothing where the run ended before its profile did.
profiled_pair() {
  local data=$1 port=$2
  shift 2
  "$@" -d "$server_dev" -p "$port" > /tmp/bench-server.txt 2>&1 &
  local server=$!
  wait_listening "$port"
  timeout 600 "$@" -d "$client_dev" -p "$port" 127.0.0.1 > /tmp/bench-client.txt 2>&1 &
  local client=$!
  sleep 25
  # timeout runs the client as its child: its system calls are the child's
  perf stat -x, -e raw_syscalls:sys_enter -p "$(pgrep -P "$client" | head -n1)" -o "$data.stat" -- sleep 8 2> /dev/null &
  perf record -q -a -e cpu-clock -F 1000 -o "$data" -- sleep 8 2> /dev/null
  wait $!
  local running=yes
  kill -0 "$client" 2> /dev/null || running=no
  wait "$client" "$server" || true
  awk -F, '$3 == "raw_syscalls:sys_enter" { print 8, $1 }' "$data.stat" > "$data.syscalls"
  [ "$running" = yes ] || { echo "bench: the run ended before its profile did: give it more iterations" >&2; return 0; }
  cat /tmp/bench-client.txt
}

# Where the samples in the perf data file $1 (perf record -a: every CPU) fell, as log lines that
# start with the words $3: for the processes named $2 (for Java its main threads, "java"), the
# percent of all samples in each place ("$3 dso [kernel.kallsyms] 48.90"; spaces in a place's name
# become "_"), and of those in the kernel's reads of the lab's clock ("$3 clock 0.52", read_hpet);
# for every process name, its percent ("$3 comm swapper 48.56": the idle task). The sorting of
# places into rows is rdma.bench.report.Profile's.
profile_lines() {
  local data=$1 comm=$2 key=$3
  # perf report -t '|' keeps its padding: each field is trimmed first.
  perf report -q -i "$data" --no-children --sort comm,dso -t '|' --stdio 2> /dev/null | awk -F'|' -v comm="$comm" -v key="$key" '
    { for (i = 1; i <= NF; i++) gsub(/^ +| +$/, "", $i); sub(/%$/, "", $1) }
    $2 == comm && $1 > 0 { place = $3; gsub(/ /, "_", place); print key, "dso", place, $1 }'
  perf report -q -i "$data" --no-children --sort comm,sym -t '|' --stdio 2> /dev/null | awk -F'|' -v comm="$comm" -v key="$key" '
    { for (i = 1; i <= NF; i++) gsub(/^ +| +$/, "", $i); sub(/%$/, "", $1) }
    $2 == comm && $3 == "[k] read_hpet" { clock += $1 } END { printf "%s clock %.2f\n", key, clock }'
  perf report -q -i "$data" --no-children --sort comm -t '|' --stdio 2> /dev/null | awk -F'|' -v key="$key" '
    { for (i = 1; i <= NF; i++) gsub(/^ +| +$/, "", $i); sub(/%$/, "", $1) }
    NF >= 2 && $1 > 0 { name = $2; gsub(/ /, "_", name); print key, "comm", name, $1 }'
}

# Whether perf can sample every CPU here (it is installed, and allowed to).
perf_samples_all() {
  local probe
  probe=$(mktemp)
  command -v perf > /dev/null && perf record -q -o "$probe" -a -e cpu-clock -- true > /dev/null 2>&1
  local status=$?
  rm -f "$probe"
  return $status
}

# The largest inline message a perftest report says it used ("Max inline data : 0[B]"); 0 if it says none.
inline_of() {
  sed -n 's/.*Max inline data *: *\([0-9]*\).*/\1/p' <<< "$1" | head -n1 | grep . || echo 0
}

# The JDK the java.lang.foreign benchmarks run on: $JAVA22_HOME, or the newest of 22 or later under
# /usr/lib/jvm; nothing when there is none.
newer_jdk() {
  echo "${JAVA22_HOME:-$(ls -d /usr/lib/jvm/*25* /usr/lib/jvm/*24* /usr/lib/jvm/*23* /usr/lib/jvm/*22* 2>/dev/null | head -n1 || true)}"
}

# The version the JDK at $1 reports ("25.0.3"), without the lab's "Picked up JAVA_TOOL_OPTIONS" line.
jdk_version() {
  "$1/bin/java" -version 2>&1 | grep -v "^Picked up" | head -n1 | sed 's/.*version "\([^"]*\)".*/\1/'
}
