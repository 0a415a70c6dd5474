package rdma.atomics.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import rdma.atomics.AtomicOptions;
import rdma.atomics.AtomicType;
import rdma.atomics.Failure;
import rdma.pingpong.PingpongOptions;
import rdma.support.Cli;
import rdma.testsupport.Perftest;
import rdma.testsupport.ProgramRun;
import rdma.write.WriteOptions;

/** perftest's option names and defaults for ib_atomic_lat and ib_atomic_bw, and what they refuse. */
class OptionsTest {
    private static AtomicMain parse(String... args) {
        return ProgramRun.parsed(AtomicMain::new, args);
    }

    private static void assertUsageError(String expected, String... args) {
        ProgramRun run = ProgramRun.of(AtomicMain::run, args);
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stderr()).isEqualTo("10-atomics: " + expected + " (see --help)\n");
    }

    @Test
    void defaultsAreIbAtomicLatsAndIbAtomicBws() throws Exception {
        AtomicOptions latency = parse().options;
        Perftest.assertDefaults("ib_atomic_lat", Map.of("-n", latency.perf.iters()));
        AtomicOptions bandwidth = parse("--bw").options;
        Perftest.assertDefaults("ib_atomic_bw", Map.of("-n", bandwidth.perf.iters(), "-t", bandwidth.perf.txDepth));
        assertThat(Perftest.usage("ib_atomic_bw")).contains("(default FETCH_AND_ADD)");
        assertThat(latency.type).isEqualTo(AtomicType.FETCH_AND_ADD);
        assertThat(latency.outs).as("no -o: the device's most").isNull();
    }

    @Test
    void namesArePerftests() throws Exception {
        String usage = Perftest.usage("ib_atomic_bw");
        for (String option : new String[] {"-A, --atomic_type=<type>", "-o, --outs=<num>", "-F, --CPU-freq"}) {
            assertThat(usage).as(option).contains(option);
        }
        AtomicMain main = parse("-A", "CMP_AND_SWAP", "-o", "8", "-F", "-n", "50", "-d", "rxe1", "-i", "1", "-g", "1", "-p", "19000",
                "--bw", "-t", "16", "--fail", "misaligned", "192.0.2.1");
        assertThat(main.options.type).isEqualTo(AtomicType.CMP_AND_SWAP);
        assertThat(main.options.outs).isEqualTo(8);
        assertThat(main.options.ignoreCpuFrequency).isTrue();
        assertThat(main.options.perf.depth()).isEqualTo(16);
        assertThat(main.options.fail).isEqualTo(Failure.misaligned);
        assertThat(main.options.perf.connection.host).isEqualTo("192.0.2.1");
    }

    /** The servers of chapters 04, 05 and this one's can listen side by side. */
    @Test
    void theDefaultPortIsNotAnEarlierChapters() {
        assertThat(parse().options.perf.connection.port).isNotIn(new PingpongOptions().connection.port, WriteOptions.PORT);
    }

    /** perftest refuses another size ("Message size cannot be changed for Atomic tests"); so does this program, in one line. */
    @Test
    void anAtomicIsEightBytesAndNothingElse() {
        assertThat(parse("-s", "8").options.invalid()).isNull();
        assertUsageError("-s/--size: an atomic operates on one 8-byte word; as perftest says, the message size cannot be"
                + " changed for atomic tests: leave out -s", "-s", "16");
    }

    @Test
    void badValuesAreOneLineAndExitCode2() {
        assertUsageError("-o/--outs must be 1 or more", "-o", "0");
        assertUsageError("-c/--chk: an atomic carries no pattern to check; both sides check the word without it: leave out -c", "-c");
        ProgramRun type = ProgramRun.of(AtomicMain::run, "-A", "SWAP");
        assertThat(type.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(type.stderr()).contains("CMP_AND_SWAP", "FETCH_AND_ADD");
        ProgramRun fail = ProgramRun.of(AtomicMain::run, "--fail", "no-remote-read");
        assertThat(fail.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(fail.stderr()).contains("expected no-remote-atomic, wrong-rkey or misaligned, not 'no-remote-read'");
    }

    /** The shared counter runs its target and clients in one JVM, with -n and --clients and nothing of perftest's test. */
    @Test
    void theSharedCounterTakesItsOwnOptionsOnly() {
        assertThat(parse("--clients", "2", "-n", "50").options.invalid()).isNull();
        assertUsageError("--clients must be 1 to " + AtomicOptions.MOST_CLIENTS, "--clients", "0");
        assertUsageError("--clients must be 1 to " + AtomicOptions.MOST_CLIENTS, "--clients", "17");
        String inThisJvm = "--clients runs the target and its clients in this JVM, on the first two devices, addressed by their"
                + " IPv4 addresses: leave out the host, --demo, -d and -g";
        assertUsageError(inThisJvm, "--clients", "2", "192.0.2.1");
        assertUsageError(inThisJvm, "--clients", "2", "-d", "rxe1");
        assertUsageError("--clients runs the shared counter and lock, not perftest's test: leave out --bw, --fail, -A and -o",
                "--clients", "2", "--bw");
        assertUsageError("--clients runs the shared counter and lock, not perftest's test: leave out --bw, --fail, -A and -o",
                "--clients", "2", "-A", "CMP_AND_SWAP");
    }
}
