# Sourced by bin/chapter and by the bench scripts, from the repository's root: how the chapters
# run as a plain java command, without Maven.

# A version property of the root pom.xml: "pom_version jna" prints 5.19.1.
pom_version() { sed -n "s|.*<$1.version>\(.*\)</$1.version>.*|\1|p" pom.xml; }

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
