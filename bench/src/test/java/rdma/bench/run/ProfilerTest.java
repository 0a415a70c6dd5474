package rdma.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** perf's outputs as the profiles read them. */
class ProfilerTest {
    @Test
    void aReportsRowsAreTrimmedFieldsWithoutThePercentSign() {
        List<String[]> rows = Profiler.rows("    48.90%|java           |[kernel.kallsyms]  \n     0.52%|swapper        |[k] read_hpet\n");

        assertThat(rows.get(0)).containsExactly("48.90", "java", "[kernel.kallsyms]");
        assertThat(rows.get(1)).containsExactly("0.52", "swapper", "[k] read_hpet");
    }

    @Test
    void theSystemCallsAreTheCountOfTheirEvent() {
        String stat = "# started on Sun Dec  6 22:50:01 2026\n\n183456,,raw_syscalls:sys_enter,8000811937,100.00,,\n";

        assertThat(Profiler.syscalls(stat)).isEqualTo("183456");
        assertThat(Profiler.syscalls("")).isEmpty();
    }

    @Test
    void aPingpongsTimeIsItsUsecPerIterLine() {
        var usec = Pingpongs.USEC.matcher("8192000 bytes in 0.04 seconds = 1638.40 Mbit/sec\n1000 iters in 0.04 seconds = 40.00 usec/iter\n");

        assertThat(usec.find()).isTrue();
        assertThat(usec.group(1)).isEqualTo("40.00");
    }
}
