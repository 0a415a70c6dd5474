# lab/maven-jars.sh, sourced by lab/mvn and lab/maven-class-data: the jars that lab/mvn puts on the
# JVM's class path, in one place, so that the archive lab/maven-class-data makes is named by
# exactly the jars the JVM will check it against.

# Maven's launcher jar and every jar of lib and lib/ext of the Maven in $1, colon-separated.
maven_jars() {
  local jars
  jars=$(shopt -s nullglob; printf '%s:' "$1"/boot/plexus-classworlds-*.jar "$1"/lib/*.jar "$1"/lib/ext/*.jar)
  printf '%s' "${jars%:}"
}
