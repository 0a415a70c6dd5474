# Sourced by bin/chapter and by the bench scripts, from the repository's root: how the chapters
# run as a plain java command, without Maven.

# A version property of the root pom.xml: "pom_version jna" prints 5.19.1.
pom_version() { sed -n "s|.*<$1.version>\(.*\)</$1.version>.*|\1|p" pom.xml; }

# The main class a module's pom.xml ($1) names for exec:java, read by the shell itself: in the lab's
# guest each command a script starts costs time.
main_class() {
  local line
  while IFS= read -r line; do
    [[ $line =~ \<exec.mainClass\>(.*)\</exec.mainClass\> ]] && printf '%s' "${BASH_REMATCH[1]}" && return
  done < "$1"
}

# The version of the reactor, which every module has: the root pom.xml's own, its first <version>.
project_version() { sed -n '0,/<version>/s|.*<version>\(.*\)</version>.*|\1|p' pom.xml; }

# The chapters' compiled classes and the libraries they run with, from the local Maven repository
# (mvn install -DskipTests fills both): a plain java command line, with no Maven in the timings.
# The libraries' jars come first: the JVM looks for each class in every entry before the one that
# has it, and a look into a jar is a lookup in its index, in memory, while a look into a directory
# asks the file system, which in the lab is the host's, over 9p. In that order a JNA or picocli
# class costs no look into a chapter's directory at all (a fifth off chapter 01's start in the lab).
chapter_classpath() {
  local repo=${MAVEN_REPO:-$HOME/.m2/repository}
  printf '%s' "$repo/net/java/dev/jna/jna/$(pom_version jna)/jna-$(pom_version jna).jar"
  printf ':%s' "$repo/info/picocli/picocli/$(pom_version picocli)/picocli-$(pom_version picocli).jar"
  printf ':%s' "$repo/me/tongfei/progressbar/$(pom_version progressbar)/progressbar-$(pom_version progressbar).jar"
  # progressbar's one dependency, at the version its pom names
  local jline
  jline=$(sed -n '/<artifactId>jline-terminal<\/artifactId>/{n;s|.*<version>\(.*\)</version>.*|\1|p}' \
    "$repo/me/tongfei/progressbar/$(pom_version progressbar)/progressbar-$(pom_version progressbar).pom")
  printf ':%s' "$repo/org/jline/jline-terminal/$jline/jline-terminal-$jline.jar"
  printf ':%s' "$PWD"/support/target/classes "$PWD"/[0-9][0-9]-*/target/classes
}

# The class path $1 (chapter_classpath's) with each module's jar (mvn install's) in place of its
# target/classes, when each jar holds what its directory holds now: no file in the directory is
# newer than the jar. Prints nothing otherwise (after an mvn compile that no mvn install followed,
# say).
chapter_jars() {
  local entry module jar version jars=() IFS=:
  version=$(project_version)
  for entry in $1; do
    if [ "${entry%/target/classes}" != "$entry" ]; then
      module=${entry%/target/classes}
      jar=$module/target/${module##*/}-$version.jar
      [ -f "$jar" ] && [ -z "$(find "$entry" -type f -newer "$jar" -print -quit)" ] || return 0
      entry=$jar
    fi
    jars+=("$entry")
  done
  printf '%s' "${jars[*]}"
}

# The JDK directory of the java command $1: /usr/lib/jvm/java-17-openjdk-amd64 for "java", say.
jdk_of() {
  local java
  java=$(readlink -f "$(command -v "$1")")
  printf '%s' "${java%/bin/java}"
}

# The Java feature release of the JDK directory $1, from its release file (22 for a JDK 22.0.2, say),
# or nothing where it has none: read by the shell, where asking a JVM would cost another start.
java_feature() {
  local line
  while IFS= read -r line; do
    [[ $line =~ ^JAVA_VERSION=\"([0-9]+) ]] && printf '%s' "${BASH_REMATCH[1]}" && return
  done 2> /dev/null < "$1/release" || :
}

# Where the class-data archive for the java command $1 and the class path $2 (jars only) is kept,
# whether or not it exists yet (bin/class-data makes it): named for the JDK's directory and a
# digest of all that the JVM checks before it maps one (its own build; each jar's path, size and
# modification time), so that an archive found under the name matches, and a rebuilt jar or
# another JDK looks for a new one. $3, if given, goes before the name (lab/maven-class-data's
# "maven-"), so that archives of other jars for the same JDK are told apart.
class_data_archive() {
  local jdk key
  jdk=$(jdk_of "$1")
  read -r key _ < <(IFS=:; stat -c '%n %s %Y' "$jdk/lib/modules" "$jdk/lib/server/libjvm.so" $2 | sha256sum)
  printf '%s/target/class-data/%s%s-%s.jsa' "$PWD" "${3:-}" "${jdk##*/}" "${key:0:16}"
}
