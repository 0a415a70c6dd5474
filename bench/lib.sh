# Shared by the bench scripts (source it): writing one section of docs/benchmarks.md.
#
#   write_section NAME < text     replaces what lies between "<!-- NAME: begin -->" and
#                                 "<!-- NAME: end -->" in docs/benchmarks.md (or appends the
#                                 section), so that each script rewrites only its own results.
write_section() {
  local name=$1 file=docs/benchmarks.md section
  section=$(mktemp)
  { echo "<!-- $name: begin -->"; cat; echo "<!-- $name: end -->"; } > "$section"
  if grep -q "^<!-- $name: begin -->$" "$file"; then
    awk -v begin="<!-- $name: begin -->" -v end="<!-- $name: end -->" -v section="$section" '
      $0 == begin { while ((getline line < section) > 0) print line; skipping = 1; next }
      $0 == end { skipping = 0; next }
      !skipping { print }' "$file" > "$file.new"
    mv "$file.new" "$file"
  else
    { echo; cat "$section"; } >> "$file"
  fi
  rm -f "$section"
}

# The median of the numbers on standard input, one a line.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# The median of the numbers in $1, separated by spaces: the runs a script collected ("14.09 13.70 ").
median_of() { tr ' ' '\n' <<<"$1" | grep . | median; }

# $1 / $2, to two decimals: "1.40".
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# Each run of the list $1 over the run in the same place of the list $2, one a line: both lists hold a
# tool's runs, one a round, separated by spaces ("14.09 13.70 "), so each run is set beside the other
# tool's run of its own round, not beside runs minutes away while the lab's speed drifts.
round_ratios() {
  local -a a b
  local i
  read -r -a a <<<"$1"
  read -r -a b <<<"$2"
  for i in "${!a[@]}"; do ratio "${a[$i]}" "${b[$i]}"; echo; done
}

# The median of round_ratios "$1" "$2", to two decimals.
paired_median() { round_ratios "$1" "$2" | median | xargs printf '%.2f'; }

# The lowest and the highest of the numbers "$@", as "low high".
extremes() { printf '%s\n' "$@" | sort -g | awk 'NR == 1 { low = $1 } { high = $1 } END { print low, high }'; }

# How far apart the lab put rounds of the same runs: the lowest and highest of round_ratios "$1" "$2",
# as "1.60x to 2.51x".
ratio_range() { extremes $(round_ratios "$1" "$2") | awk '{ printf "%sx to %sx", $1, $2 }'; }

# A bench script keeps its runs in associative arrays, keyed "tool,size", each value a tool's runs at
# a size, one a round, separated by spaces. The median of the runs of tool $2 at size $3 in the
# array named $1.
median_runs() { local -n runs=$1; median_of "${runs[$2,$3]}"; }

# Tool $2 over tool $3 at size $4, of the runs in the array named $1: the median of the rounds' own
# ratios (paired_median).
median_ratio() { local -n runs=$1; paired_median "${runs[$2,$4]}" "${runs[$3,$4]}"; }

# ratio_range of tool $2 over tool $3 at each size after them, of the runs in the array named $1:
# "0.81x to 1.20x at 64 B, 0.97x to 1.10x at 4 KiB".
ranges_of() {
  local -n runs=$1
  local over=$2 under=$3 size ranges=()
  shift 3
  for size in "$@"; do ranges+=("$(ratio_range "${runs[$over,$size]}" "${runs[$under,$size]}") at $(size_name "$size")"); done
  comma_list "${ranges[@]}"
}

# Its arguments as one list: "1.72, 1.28, 1.28".
comma_list() { printf '%s, ' "$@" | sed 's/, $//'; }

# A message size in bytes as the page names it: "64 B", "4 KiB", "64 KiB".
size_name() { case $1 in 64) echo "64 B" ;; 4096) echo "4 KiB" ;; 65536) echo "64 KiB" ;; *) echo "$1 B" ;; esac; }

# A target's verdict: "met" when every ratio after the limit is at most it (at-most) or at least it
# (at-least), else "not met".   target at-most 1.10 1.04 0.98  ->  met
target() {
  awk -v sense="$1" -v limit="$2" 'BEGIN {
    for (i = 3; i < ARGC; i++) if (sense == "at-most" ? ARGV[i] + 0 > limit + 0 : ARGV[i] + 0 < limit + 0) { print "not met"; exit }
    print "met" }' "$@"
}

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

# For the pages that place their sides with side_cpus: what a CPU of its own means to a JVM. In the
# lab (2026-12-04, JDK 17 and 25), java -XX:+PrintFlagsFinal under taskset -c 0 shows UseSerialGC
# and no parallel GC threads, where the same JVM unpinned picks G1 with 2; CICompilerCount is the
# same either way, so the compiler threads share the pinned CPU with the loop.
pinned_jvm_note() {
  echo "A JVM pinned to one CPU sees one processor (\`availableProcessors()\` is 1): it picks the serial"
  echo "garbage collector instead of G1, and its JIT compiler threads take turns with the loop on that"
  echo "CPU, where a JVM that sees every CPU of its host compiles beside the loop. That weighs on Java's"
  echo "whole figures, not on its steady ones; the lab's two vCPUs, one per side, leave no CPU to measure"
  echo "by how much."
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

# A tool's steady state from two runs of it, one of N iterations and one of 4N: the long run's extra
# 3N iterations alone, per iteration, (4 x long - short) / 3, to $3 decimals (default 2), where $1
# and $2 are the runs' figures per iteration (usec/iter, or CPU per 1000 iterations). What every run
# pays once (the JIT compiling the loop, the first messages) cancels out. The long run is four
# times the short one, not twice: the difference carries the noise of both runs, which
# (2 x long - short) multiplies by about 2.2 and this by about 1.4.
steady_of() { awk -v s="$1" -v l="$2" -v d="${3:-2}" 'BEGIN { printf "%.*f\n", d, (4 * l - s) / 3 }'; }

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
perftest_pair() { perftest_retried perftest_pair_once "$@" || true; }
perftest_pair_once() {
  local report
  report=$(run_pair "$@")
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
  perf stat -x, -e raw_syscalls:sys_enter -p "$client" -o "$data.stat" -- sleep 8 2> /dev/null &
  perf record -q -a -e cpu-clock -F 1000 -o "$data" -- sleep 8 2> /dev/null
  wait $!
  local running=yes
  kill -0 "$client" 2> /dev/null || running=no
  wait "$client" "$server" || true
  awk -F, '$3 == "raw_syscalls:sys_enter" { print 8, $1 }' "$data.stat" > "$data.syscalls"
  [ "$running" = yes ] || { echo "bench: the run ended before its profile did: give it more iterations" >&2; return 0; }
  cat /tmp/bench-client.txt
}

# profiled_pair for one of perftest's tools, returning 2 where its clock estimate failed
# (perftest_retried runs it again).
perftest_profiled_pair() {
  local report
  report=$(profiled_pair "$@")
  clock_failed /tmp/bench-client.txt && return 2
  printf '%s\n' "$report"
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

# Where the samples of the processes named $2 (for Java, its main thread, "java") fell in the perf
# data file $1 (perf record -a: every CPU), each in percent of all samples: "kernel clock jna jit jvm
# libraries". clock is the part of kernel spent reading the clock (read_hpet: the lab's guest clock
# is an emulated HPET), jna JNA's dispatch (libjnidispatch, libffi), jit JIT-compiled Java, jvm
# libjvm, libraries the program and the rest (libc, libibverbs, the provider).
perf_shares() {
  local data=$1 comm=$2 shares clock kernel jna jit jvm libraries
  # "  42.61%  java  [kernel.kallsyms]" -> the share of each kind of place
  shares=$(perf report -q -i "$data" --no-children --sort comm,dso --stdio 2> /dev/null | awk -v comm="$comm" '$2 == comm {
      share = $1 + 0; dso = $0; sub(/^ *[0-9.]+% +[^ ]+ +/, "", dso)
      if (dso ~ /kernel/) k += share; else if (dso ~ /^(jna|ffi)|jnidispatch/) j += share
      else if (dso ~ /^\[JIT\]/) t += share; else if (dso ~ /libjvm/) v += share; else l += share
    } END { printf "%f %f %f %f %f", k, j, t, v, l }')
  clock=$(perf report -q -i "$data" --no-children --sort comm,sym --stdio 2> /dev/null |
    awk -v comm="$comm" '$2 == comm && $NF == "read_hpet" { c += $1 } END { printf "%f", c }')
  read -r kernel jna jit jvm libraries <<<"$shares"
  echo "$kernel $clock $jna $jit $jvm $libraries"
}

# Samples every CPU for 8 s into the perf data file $1, once a run just started has got going: a
# JVM's start under emulation, and its loop compiled, take 25 s.
sample_mid_run() {
  sleep 25
  perf record -q -a -e cpu-clock -F 1000 -o "$1" -- sleep 8 2> /dev/null
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

# A share of all samples ($1, percent, as perf_shares gives it) of a run taking $2 usec an
# iteration: usec of CPU an iteration, over every CPU.
cpu_per_iteration() { awk -v p="$1" -v n="$(nproc)" -v u="$2" 'BEGIN { printf "%.1f", p / 100 * n * u }'; }

# A profile's row, from a run of $1 usec an iteration and its shares of all samples in percent
# (kernel clock jna jit jvm libraries, as perf_shares gives them): "all kernel clock jna jit jvm
# libraries", usec of CPU per iteration, and last $1.
profile_row() {
  local usec=$1 share
  shift
  for share in "$(awk -v k="$1" -v j="$3" -v t="$4" -v v="$5" -v l="$6" 'BEGIN { print k + j + t + v + l }')" "$@"; do
    printf '%s ' "$(cpu_per_iteration "$share" "$usec")"
  done
  echo "$usec"
}

# Two profiles side by side, as a Markdown table: the rows $3 and $4 (profile_row's) of the tools
# the header names $1 and $2; $5 names the last row, the run's own time an iteration.
profiles_table() {
  local -a c j
  read -r -a c <<<"$3"
  read -r -a j <<<"$4"
  cat <<TABLE
| usec of CPU per iteration, both sides | $1 | $2 |
| --- | --- | --- |
| all of it | ${c[0]} | ${j[0]} |
| in the kernel | ${c[1]} | ${j[1]} |
| of which reading the clock (\`read_hpet\`) | ${c[2]} | ${j[2]} |
| JNA's dispatch (libjnidispatch, libffi) | ${c[3]} | ${j[3]} |
| JIT-compiled Java | ${c[4]} | ${j[4]} |
| the JVM itself (libjvm) | ${c[5]} | ${j[5]} |
| the program and its libraries (libc, libibverbs, the provider) | ${c[6]} | ${j[6]} |
| ($5) | ${c[7]} | ${j[7]} |
TABLE
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
