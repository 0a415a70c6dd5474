package rdma.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * perftest's tools ({@code ib_write_lat}, {@code ib_read_bw}, ...) as the one-sided chapters' tests
 * read them: their usage text, and the defaults it states. perftest is not among the README's
 * prerequisites: a test that needs it is skipped without it ({@link OptionalTool}).
 */
public final class Perftest {
    private static final String INSTALL = "apt-get install perftest";

    private Perftest() {
    }

    /** {@code tool -h}. */
    public static String usage(String tool) throws IOException, InterruptedException {
        OptionalTool.require(tool, INSTALL);
        return ExternalCommand.run(null, List.of(tool, "-h"), INSTALL).stdout();
    }

    /** The default the usage states for {@code option}: "-s, --size=&lt;size&gt;  Size of message to exchange (default 65536)". */
    public static String defaultIn(String tool, String option) throws IOException, InterruptedException {
        Matcher line = Pattern.compile("(?m)^\\s+" + option + ", .*default (\\d+)\\)").matcher(usage(tool));
        assertThat(line.find()).as("%s in the usage of %s", option, tool).isTrue();
        return line.group(1);
    }

    /** Fails unless each option of {@code ours} ("-s") has the default {@code tool}'s usage states for it. */
    public static void assertDefaults(String tool, Map<String, Integer> ours) throws IOException, InterruptedException {
        for (Map.Entry<String, Integer> option : ours.entrySet()) {
            assertThat(String.valueOf(option.getValue())).as("%s, as %s has it", option.getKey(), tool)
                    .isEqualTo(defaultIn(tool, option.getKey()));
        }
    }
}
