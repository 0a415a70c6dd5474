package rdma.book;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every measured number a page quotes comes from a measurement: a section of
 * {@code docs/benchmarks.md} that a script in {@code bench/} writes, or a transcript (a block under
 * {@code <!-- run: -->}, which CI runs again). A number with a unit of time, rate, ratio or share
 * in a page's prose that is in neither fails, unless it is not a measurement at all (a timeout the
 * code sets, a constant of the specification) and is listed here with where it comes from.
 */
class NumbersTest {
    /** A number and its unit: "113 ns", "1.84x", "12.7 MiB/s", "7%". */
    private static final Pattern QUANTITY = Pattern.compile(
            "(?<![\\w.])(\\d+(?:\\.\\d+)?)\\s?(ns|us|µs|usec|microseconds|ms|milliseconds|s|seconds|minutes|MB/s|MiB/s"
                    + "|GB/s|GiB/s|Gb/s|Mbit/s|Mbit/sec|Mpps|x|%)(?![\\w/])");
    private static final Pattern SECTION = Pattern.compile("<!-- ([\\w-]+): begin -->(.*?)<!-- \\1: end -->", Pattern.DOTALL);
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");

    /** Not measurements: what the code or the specification sets. A quantity as pages write it, then where it comes from. */
    private static final String CONSTANTS = """
            2 s             | rping.c's address and route resolution timeout, Rping.RESOLVE_TIMEOUT_MS
            2 seconds       | the same
            5 s             | timeouts the code sets: AddressExchange.CONNECT_TIMEOUT_MILLIS, chapter 03's poll, libibverbs' retry
            5 seconds       | chapter 03's poll timeout, CqQpMain.POLL_TIMEOUT_NANOS
            10 s            | Connection.STALL_NANOS, and bench/comp-channel.sh's idle receiver, measured over 10 s
            10 seconds      | Connection.STALL_NANOS
            15 s            | AddressExchange.READ_TIMEOUT_MILLIS
            0.2 s           | RegistrationCost's measuring time per size
            0.64 ms         | min_rnr_timer 12, from the InfiniBand specification's table
            4.096 us        | the unit of the ACK timeout, from the InfiniBand specification
            67 ms           | 4.096 us x 2^14: ACK timeout 14, computed
            50 microseconds | WaitMode.ADAPTIVE_SPIN_MICROS
            250 ms          | Watchdog.MAX_LOOK_NANOS, the longest a watchdog waits between two looks
            100%            | a core that spins: by definition
            100 ms          | ErrorsAndRecovery's rnr case posts its receive 100 ms after the SEND
            200 ms          | SurvivingPingpong.RETRY_CONNECT_NANOS: how often the client tries its restarted server
            60 s            | PingpongCommand.WAIT_FOR_SERVER_NANOS: how long the client waits for a server to come back
            """;
    private static final Set<String> NOT_MEASURED = CONSTANTS.lines().map(line -> line.split("\\|")[0].strip())
            .collect(Collectors.toUnmodifiableSet());

    @Test
    void everyNumberAPageQuotesIsMeasuredOrAConstant() {
        Set<String> measured = new HashSet<>();
        List<String> quoted = new ArrayList<>();
        for (Path page : Repository.markdownFiles()) {
            String text = Repository.read(page);
            Matcher section = SECTION.matcher(text);
            while (section.find()) {
                numbersIn(section.group(2), measured);
            }
            Matcher fence = Repository.FENCE.matcher(text);
            while (fence.find()) {
                if (fence.group(1) != null) {
                    numbersIn(fence.group(4), measured);
                }
            }
            String prose = INLINE_CODE.matcher(Repository.FENCE.matcher(SECTION.matcher(text).replaceAll("")).replaceAll("")).replaceAll("");
            Matcher quantity = QUANTITY.matcher(prose);
            while (quantity.find()) {
                quoted.add(Repository.ROOT.relativize(page) + ": " + quantity.group(1) + "|" + quantity.group(2));
            }
        }
        List<String> unsourced = new ArrayList<>();
        for (String quote : quoted) {
            String[] parts = quote.substring(quote.lastIndexOf(": ") + 2).split("\\|");
            String value = parts[0];
            String unit = parts[1];
            String spelled = value + (unit.equals("%") || unit.equals("x") ? "" : " ") + unit;
            // A short number ("3 us") is too common to be found by itself: it must be measured with its unit.
            boolean found = value.length() >= 3 ? measured.contains(value) : measured.contains(spelled);
            if (!found && !NOT_MEASURED.contains(spelled)) {
                unsourced.add(quote.substring(0, quote.lastIndexOf(": ")) + ": " + spelled);
            }
        }
        assertThat(measured).as("numbers measured (bench sections and transcripts)").hasSizeGreaterThan(100);
        assertThat(unsourced).as("numbers quoted that no bench section or transcript has, and that are no constant").isEmpty();
    }

    /** Every decimal number in {@code text}, as written ("1.84", "113"), and every quantity with its unit ("3 us"). */
    private static void numbersIn(String text, Set<String> numbers) {
        Matcher number = Pattern.compile("\\d+(?:\\.\\d+)?").matcher(text);
        while (number.find()) {
            numbers.add(number.group());
        }
        Matcher quantity = QUANTITY.matcher(text);
        while (quantity.find()) {
            String unit = quantity.group(2);
            numbers.add(quantity.group(1) + (unit.equals("%") || unit.equals("x") ? "" : " ") + unit);
        }
    }
}
