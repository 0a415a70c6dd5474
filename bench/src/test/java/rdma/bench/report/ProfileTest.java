package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import rdma.bench.report.Profile.Place;

/** Places sorted into rows as perf names them, and shares turned into microseconds. */
class ProfileTest {
    private static final RunLog LOG = RunLog.parse(List.of("# a profile",
            "profile java dso [kernel.kallsyms] 40", "profile java dso [JIT]_tid_392 5", "profile java dso jna6443.tmp_(deleted) 2",
            "profile java dso ffiWUW3Qn_(deleted) 1", "profile java dso libjvm.so 1.5", "profile java dso libc.so.6 0.5",
            "profile java dso librxe-rdmav34.so 0.3", "profile java clock 3", "profile java comm swapper 48",
            "profile java comm VM_Thread 0.5", "profile java comm java 50"));

    @Test
    void eachPlaceFallsIntoItsRow() {
        Profile profile = Profile.of(LOG, "profile", "java");

        assertThat(profile.share(Place.KERNEL)).isEqualTo(40);
        assertThat(profile.share(Place.CLOCK)).isEqualTo(3);
        assertThat(profile.share(Place.JIT)).isEqualTo(5);
        assertThat(profile.share(Place.JNA)).isEqualTo(3);
        assertThat(profile.share(Place.JVM)).isEqualTo(1.5);
        assertThat(profile.share(Place.LIBRARIES)).isEqualTo(0.8);
        assertThat(profile.all()).isEqualTo(50.3); // the clock is part of the kernel's share
        assertThat(profile.process("swapper")).isEqualTo(48);
        assertThat(profile.process("nobody")).isZero();
    }

    @Test
    void aShareIsCpuTimeOverEveryCpu() {
        // half of all samples of 2 CPUs, in a run of 30 usec a message: 30 usec of CPU a message
        assertThat(Profile.usec(50, 2, 30)).isEqualTo(30);
    }

    @Test
    void theTableSetsTheToolsSideBySide() {
        Profile java = Profile.of(LOG, "profile", "java");

        String table = Profile.table("usec of CPU per message, both sides", 2, "`c`", java, 10, "`java`", java, 20, "wall");

        assertThat(table).startsWith("| usec of CPU per message, both sides | `c` | `java` |\n| --- | --- | --- |\n")
                .contains("| all of it | 10.1 | 20.1 |").contains("| JIT-compiled Java | 1.0 | 2.0 |")
                .endsWith("| (wall) | 10.00 | 20.00 |\n");
    }

    @Test
    void aLogWithoutTheProfileSaysSo() {
        assertThatThrownBy(() -> Profile.of(LOG, "profile", "c")).hasMessageContaining("no profile after \"profile c\"");
    }
}
