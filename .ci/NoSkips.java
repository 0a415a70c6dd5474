import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * CI's check that the host's test run skipped nothing but the device tests: it reads every
 * Surefire report under the repository and fails, naming each, on a test skipped for any other
 * reason (a tool the README's install line does not name, a prerequisite), which
 * {@code -Drdma.required=true} would have turned into a failure. One run of the host tests instead
 * of a second one with that switch.
 *
 * <pre>java .ci/NoSkips.java</pre>
 */
public class NoSkips {
    /** How {@code DeviceCondition} says a device test did not run: the lab runs those. */
    private static final String NO_DEVICE = "no RDMA device (";

    public static void main(String[] args) throws Exception {
        List<Path> reports;
        try (Stream<Path> files = Files.walk(Path.of(""))) {
            reports = files.filter(file -> file.getFileName().toString().matches("TEST-.*\\.xml")
                    && file.getParent().endsWith(Path.of("target", "surefire-reports"))).toList();
        }
        int run = 0;
        int deviceSkips = 0;
        List<String> otherSkips = new ArrayList<>();
        for (Path report : reports) {
            NodeList cases = parse(report).getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                Element testCase = (Element) cases.item(i);
                run++;
                NodeList skipped = testCase.getElementsByTagName("skipped");
                if (skipped.getLength() == 0) {
                    continue;
                }
                String message = ((Element) skipped.item(0)).getAttribute("message");
                if (message.startsWith(NO_DEVICE)) {
                    deviceSkips++;
                } else {
                    otherSkips.add(testCase.getAttribute("classname") + "." + testCase.getAttribute("name") + ": " + message);
                }
            }
        }
        System.out.printf("ci: %d reports, %d tests; %d device tests skipped (the lab runs them), %d others skipped%n",
                reports.size(), run, deviceSkips, otherSkips.size());
        otherSkips.forEach(skip -> System.out.println("ci: skipped, and nothing may be: " + skip));
        if (reports.isEmpty() || !otherSkips.isEmpty()) {
            System.exit(1);
        }
    }

    private static Element parse(Path report) throws Exception {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile()).getDocumentElement();
        } catch (IOException unreadable) {
            throw new IOException("ci: cannot read " + report, unreadable);
        }
    }
}
