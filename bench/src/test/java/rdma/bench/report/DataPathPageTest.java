package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from JMH's results as the log holds them. */
class DataPathPageTest {
    @Test
    void eachRouteOnEachJdk() {
        RunLog log = RunLog.parse(List.of("# bench/datapath.sh", "# date: 2026-11-29", "# where: host", "# cpus: 2",
                "# machine: x86_64", "# c floor ns: 2.45", "score 17 jnaDirectMappingPointer 111.2", "error 17 jnaDirectMappingPointer 0.6",
                "# newer jdk: Java 25.0.3", "score newer jnaDirectMappingPointer 111.24", "error newer jnaDirectMappingPointer 0.2",
                "score newer foreignDowncall 4.5", "error newer foreignDowncall 0.21"));

        String page = DataPathPage.render(log);

        assertThat(page).startsWith("## What one data-path call costs (host microbenchmark)\n")
                .contains("Measured by `bench/datapath.sh` on 2026-11-29, x86_64, 2 CPUs, no RDMA device:")
                .contains("| route | Java 17 (ns/call) | Java 25.0.3 (ns/call) |")
                .contains("| C, through the table (cfloor.c) | 2.45 | 2.45 |")
                .contains("| JNA direct mapping, `Pointer` arguments (`OPTION_SYMBOL_PROVIDER`) | 111.2 ± 0.6 | 111.2 ± 0.2 |")
                .contains("| JDK `java.lang.foreign` downcall | n/a | 4.5 ± 0.2 |")
                .contains("| reading one int: `Pointer.getInt` | n/a | n/a |");
    }
}
