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
