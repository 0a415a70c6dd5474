package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: the connection's times and the pings'. */
class RpingPageTest {
    @Test
    void theConnectionAndThePings() {
        RunLog log = RunLog.parse(List.of("# bench/rping.sh", "# date: 2026-12-05", "# where: lab", "# cpus: 2",
                "# java: openjdk version \"17\"", "# rdmacm-utils: 44.0-2", "# addresses: 192.0.2.1 192.0.2.2", "# pings: 2000",
                "connect c 1 400", "cm c 1 2", "connect java 1 16000", "cm java 1 2800",
                "connect c 2 500", "cm c 2 3", "connect java 2 20000", "cm java 2 3000",
                "ping c 64 1 2600", "ping java 64 1 2652", "ping c 64 2 2700", "ping java 64 2 2754",
                "ping c 4096 1 3500", "ping java 4096 1 3500", "ping c 4096 2 3500", "ping java 4096 2 3600"));

        String page = RpingPage.render(log);

        assertThat(page).startsWith("## Chapter 09: rping against rping, in the lab\n")
                .contains("server at 192.0.2.1, client from 192.0.2.2,\n2 alternating rounds")
                .contains("| C | 450.0 | 2.5 |\n| Java | 18000.0 | 2900.0 |")
                .contains("From the start, Java/C is 40.00x") // rounds 40 and 40
                .contains("From the\nidentifier's creation it is 1200.00x") // rounds 1400 and 1000
                .contains("2000 pings\nwith `-v`")
                .contains("| 64 B | 2650.0 | 2703.0 | 1.02x |")
                .contains("| 4 KiB | 3500.0 | 3550.0 | 1.01x |")
                .contains("Java: openjdk version \"17\". rdma-core: 44.0-2.");
    }
}
