#!/usr/bin/env bash
# Latency and bandwidth of chapter 04 (Java) against rdma-core's ibv_rc_pingpong (C), on the same
# devices in one session, runs alternating so that drift hits both alike. Writes docs/benchmarks.md.
#
#   mvn -q install -DskipTests && lab/run bench/rc-pingpong.sh      # in the soft-RoCE lab
#   bench/rc-pingpong.sh rxe0 rxe1 1                                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) runs of each tool per size.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-5}

java_tool=(java -cp "$(chapter_classpath)" rdma.pingpong.rc.RcPingpongMain)
c_tool=(ibv_rc_pingpong)
port=18700

declare -A iters=([64]=10000 [4096]=3000 [65536]=500)
declare -A latency_ratio=()
rows=()
for size in 64 4096 65536; do
  c_usec=() c_mbit=() j_usec=() j_mbit=()
  for round in $(seq "$rounds"); do
    port=$((port + 2))
    result=$(pingpong_pair c_tool "$port" -s "$size" -n "${iters[$size]}")
    read -r u m <<<"$result"
    c_usec+=("$u"); c_mbit+=("$m")
    result=$(pingpong_pair java_tool $((port + 1)) -s "$size" -n "${iters[$size]}")
    read -r u m <<<"$result"
    j_usec+=("$u"); j_mbit+=("$m")
    echo "bench: size $size round $round: C ${c_usec[-1]} usec/iter, Java ${j_usec[-1]} usec/iter" >&2
  done
  cu=$(printf '%s\n' "${c_usec[@]}" | median); ju=$(printf '%s\n' "${j_usec[@]}" | median)
  cm=$(printf '%s\n' "${c_mbit[@]}" | median); jm=$(printf '%s\n' "${j_mbit[@]}" | median)
  latency_ratio[$size]=$(awk -v cu="$cu" -v ju="$ju" 'BEGIN { printf "%.2f", ju / cu }')
  rows+=("$(awk -v s="$size" -v n="${iters[$size]}" -v cu="$cu" -v ju="$ju" -v cm="$cm" -v jm="$jm" \
    'BEGIN { printf "| %d B | %d | %.2f | %.2f | %.2fx | %.2f | %.2f | %.2fx |", s, n, cu, ju, ju / cu, cm, jm, jm / cm }')")
done

{
  echo "## Chapter 04 (Java) against ibv_rc_pingpong (C), in the lab"
  echo
  echo "Measured by \`bench/rc-pingpong.sh\` on $(date -u +%Y-%m-%d), server on \`$server_dev\`, client on"
  echo "\`$client_dev\`$( [ -n "$gid" ] && echo ", GID index $gid"), $rounds alternating runs of each tool per size; each cell is the"
  echo "median of the client's own report (\`usec/iter\`, \`Mbit/sec\`). Ratios are Java / C: above 1 means"
  echo "Java takes longer per iteration, or moves more data per second."
  echo
  echo "| size | iters | C usec/iter | Java usec/iter | Java/C | C Mbit/sec | Java Mbit/sec | Java/C |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
  printf '%s\n' "${rows[@]}"
  echo
  echo "The project's target is Java within 1.10x of C in latency at 64 B and 4 KiB. In this run:"
  echo "${latency_ratio[64]}x and ${latency_ratio[4096]}x, so the target is $(target at-most 1.10 "${latency_ratio[64]}" "${latency_ratio[4096]}") here."
  echo
  echo "Where: $( [ "${RDMA_LAB:-}" = 1 ] && echo "the soft-RoCE lab (qemu without hardware virtualisation, 2 vCPUs, the JVM with C1 only: see docs/soft-roce.md)" || echo "$(uname -n), $(nproc) CPUs")."
  echo "Java: $(java -version 2>&1 | grep -v "^Picked up" | head -n1); JNA $(pom_version jna). rdma-core: $(dpkg-query -W -f '${Version}' ibverbs-utils 2>/dev/null || echo unknown)."
  echo
  echo "The Java timing, like C's, covers the whole data loop, so the first iterations include the JIT"
  echo "compiling the loop. Under CPU emulation both tools are slowed, but not equally: read the ratios"
  echo "as this lab's, and measure on your own hardware before drawing conclusions."
  echo
  echo "To reproduce: \`mvn -q install -DskipTests && lab/run bench/rc-pingpong.sh\` (or, with your own"
  echo "devices, \`bench/rc-pingpong.sh <server dev> <client dev> <gid index>\`)."
} | write_section rc-pingpong
cat docs/benchmarks.md
