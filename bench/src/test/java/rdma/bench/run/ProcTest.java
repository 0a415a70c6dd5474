package rdma.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import rdma.bench.report.ThreadCpu;

/** What the drivers read from the kernel's /proc files, on lines of their real form. */
class ProcTest {
    @Test
    void aListenerIsFoundByItsHexadecimalPortInTheListenState() {
        List<String> table = List.of(
                "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
                "   0: 00000000:4974 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 21876 1",
                "   1: 0100007F:4975 0100007F:B2C4 01 00000000:00000000 00:00000000 00000000     0        0 22001 1");

        assertThat(Listening.inTable(table, 18804)).isTrue(); // 0x4974
        assertThat(Listening.inTable(table, 18805)).isFalse(); // connected, not listening
        assertThat(Listening.inTable(table, 4974)).isFalse();
    }

    @Test
    void aProcessStatLineIsReadAfterItsNameWhichMayHoldSpaces() {
        String stat = "4242 (C1 CompilerThre) S 4200 4242 1 0 -1 4194624 5 0 0 0 250 31 0 0 20 0 1 0 4460 0 0";

        assertThat(ProcessCpu.fields(stat)[0]).isEqualTo("S");
        assertThat(ThreadCpu.ticks(stat)).isEqualTo(281);
    }

    @Test
    void theMachinesUserAndKernelTicksComeFromTheCpuLine() {
        long[] ticks = MachineCpu.ticks("cpu  100 5 40 900 7 3 2 0 0 0");

        assertThat(ticks).containsExactly(105, 45); // user + nice; system + irq + softirq
    }

    @Test
    void placementsPinAsTwoHostsWouldBe() {
        assertThat(Pair.Placement.apart.cpus(true)).isEqualTo("0");
        assertThat(Pair.Placement.apart.cpus(false)).isEqualTo("1");
        assertThat(Pair.Placement.shared.cpus(false)).isEqualTo("0");
        assertThat(Pair.Placement.free.cpus(true)).startsWith("0-");
    }

    @Test
    void sizesAreReadAsNumfmtReadsThem() {
        assertThat(FileTransfer.bytesOf("256K")).isEqualTo(262144);
        assertThat(FileTransfer.bytesOf("1M")).isEqualTo(1048576);
        assertThat(FileTransfer.bytesOf("4096")).isEqualTo(4096);
    }
}
