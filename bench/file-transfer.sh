#!/usr/bin/env bash
# Chapter 07 against perftest's ib_write_bw, in one session, runs alternating: a 1 GiB file from
# the page cache (the lab's tmpfs) with the chapter's default chunk size and depth, against
# ib_write_bw moving the same bytes with the same message size and queue depth. Then the sweep
# that chose those defaults: the same file at other chunk sizes and depths. Writes its sections
# of docs/benchmarks.md.
#
#   mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/file-transfer.sh   # in the soft-RoCE lab
#   bench/file-transfer.sh rxe0 rxe1 1                                           # or: server dev, client dev, GID index
#
# The lab needs 8G: the file and its copy live in its memory. Environment: ROUNDS (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-3}
size=$((1 << 30))

java_tool=(java -cp "$(chapter_classpath)" rdma.transfer.app.FileTransferMain)
gid_java=(); gid_c=()
[ -n "$gid" ] && gid_java=(-g "$gid") && gid_c=(-x "$gid")

work=$(mktemp -d /tmp/bench-file-transfer.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir "$work/in"
echo "bench: writing a 1 GiB file of random bytes" >&2
head -c "$size" /dev/urandom > "$work/file.bin"

port=19100
# One Java transfer; prints "MiB/s disk-seconds" from the sender's result line.
java_run() {
  local chunk=$1 depth=$2
  port=$((port + 1))
  rm -f "$work/in/file.bin"
  "${java_tool[@]}" --server --once --dir "$work/in" -d "$server_dev" -p "$port" "${gid_java[@]}" \
    --chunk "$chunk" --depth "$depth" > "$work/server.txt" 2>&1 &
  local server=$!
  wait_listening "$port"
  "${java_tool[@]}" -d "$client_dev" -p "$port" "${gid_java[@]}" --chunk "$chunk" --depth "$depth" \
    127.0.0.1 "$work/file.bin" > "$work/client.txt" 2>&1 || { kill "$server" 2>/dev/null; cat "$work/client.txt" >&2; return 1; }
  wait "$server" || { cat "$work/server.txt" >&2; return 1; }
  # "file.bin: 1073741824 bytes in 41.52 s = 24.66 MiB/s (disk 0.84 s), sha256 ..."
  sed -n 's/^file\.bin: \([0-9]*\) bytes in \([0-9.]*\) s = .* (disk \([0-9.]*\) s).*/\1 \2 \3/p' "$work/client.txt" |
    awk '{ printf "%.2f %.2f\n", $1 / $2 / 1048576, $3 }'
}

# ib_write_bw with the same message size and queue depth, moving the same bytes; prints its BW average (MiB/s).
c_run() {
  local chunk=$1 depth=$2
  port=$((port + 1))
  ib_write_bw -F "${gid_c[@]}" -d "$server_dev" -p "$port" -s "$chunk" -t "$depth" -n $((size / chunk)) > "$work/server.txt" 2>&1 &
  local server=$!
  wait_listening "$port"
  ib_write_bw -F "${gid_c[@]}" -d "$client_dev" -p "$port" -s "$chunk" -t "$depth" -n $((size / chunk)) 127.0.0.1 \
    > "$work/client.txt" 2>&1 || { kill "$server" 2>/dev/null; cat "$work/client.txt" >&2; return 1; }
  wait "$server" || true
  awk 'index($0, "BW average") { take = 1; next } take && $1 ~ /^[0-9]+$/ { print $4; exit }' "$work/client.txt"
}

to_bytes() { numfmt --from=iec "$1"; }

chunk=1M; depth=8
c_values=(); j_values=(); disk_values=()
for round in $(seq "$rounds"); do
  c_values+=("$(c_run "$(to_bytes $chunk)" "$depth")")
  read -r rate disk < <(java_run "$chunk" "$depth")
  j_values+=("$rate"); disk_values+=("$disk")
  echo "bench: round $round: ib_write_bw ${c_values[-1]} MiB/s, 07-file-transfer $rate MiB/s (disk $disk s)" >&2
done
c=$(printf '%s\n' "${c_values[@]}" | median); j=$(printf '%s\n' "${j_values[@]}" | median)
disk=$(printf '%s\n' "${disk_values[@]}" | median)
ratio=$(awk -v c="$c" -v j="$j" 'BEGIN { printf "%.2f", j / c }')

# Around the defaults: each of the two changed alone, both ways.
sweep_rows=()
for point in "256K 8" "4M 8" "1M 2" "1M 4" "1M 16"; do
  read -r chunk_option depth_option <<< "$point"
  read -r rate disk_seconds < <(java_run "$chunk_option" "$depth_option")
  echo "bench: sweep: --chunk $chunk_option --depth $depth_option: $rate MiB/s" >&2
  sweep_rows+=("| $chunk_option | $depth_option | $rate | $disk_seconds |")
done
sweep_rows+=("| 1M | 8 | $j (the median above) | $disk |")

where=$( [ "${RDMA_LAB:-}" = 1 ] && echo "the soft-RoCE lab (qemu without hardware virtualisation, 2 vCPUs, the JVM with C1 only: see docs/soft-roce.md)" || echo "$(uname -n), $(nproc) CPUs")
write_section "file-transfer" <<SECTION
## Chapter 07 (file transfer) against ib_write_bw, in the lab

Measured by \`bench/file-transfer.sh\` on $(date -u +%Y-%m-%d), receiver on \`$server_dev\`, sender on
\`$client_dev\`, $rounds alternating runs of each. The file is 1 GiB of random bytes in the lab's memory
(its page cache), received into the same; the chapter ran with its defaults, \`--chunk $chunk --depth $depth\`,
and \`ib_write_bw\` with the same message size and queue depth (\`-s $(to_bytes $chunk) -t $depth\`) moved the
same bytes. Each cell is the median; MiB/s for both (perftest's "MB" is 2^20 bytes). The Java time runs from
the file's header to the receiver's verdict: it includes hashing both ends, writing the copy, and its fsync.

| | MiB/s | disk (s) |
| --- | --- | --- |
| \`ib_write_bw\` | $c | |
| \`07-file-transfer\` | $j | $disk |
| ratio | ${ratio}x | |

Target: at least 0.9x of \`ib_write_bw\`: $(awk -v r="$ratio" 'BEGIN { print (r >= 0.9) ? "met" : "not met" }') in this run. "disk" is the
sender's time reading the file (from memory here), which the pipeline overlaps with the network.

The chunk size and depth around the defaults, each changed alone (one run each, the same file):

| --chunk | --depth | MiB/s | disk (s) |
| --- | --- | --- | --- |
$(printf '%s\n' "${sweep_rows[@]}")

Where: $where.
Java: $(java -version 2>&1 | grep -v "^Picked up" | head -n1). perftest: $(dpkg-query -W -f '${Version}' perftest 2>/dev/null || echo unknown).

To reproduce: \`mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/file-transfer.sh\`.
SECTION
sed -n "/<!-- file-transfer: begin -->/,/<!-- file-transfer: end -->/p" docs/benchmarks.md
