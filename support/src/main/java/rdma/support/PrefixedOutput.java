package rdma.support;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Output of one side of the one-JVM demo: each line labelled "[server] " or "[client] ", and
 * written whole, so that the two sides' lines never mix although they print at the same time.
 */
public final class PrefixedOutput extends OutputStream {
    private final PrintStream target;
    private final byte[] label;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    private PrefixedOutput(PrintStream target, String label) {
        this.target = target;
        this.label = label.getBytes(StandardCharsets.UTF_8);
    }

    public static PrintStream labelled(PrintStream target, String label) {
        return new PrintStream(new PrefixedOutput(target, label), true, StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) {
        line.write(b);
        if (b == '\n') {
            synchronized (target) {
                target.write(label, 0, label.length);
                target.write(line.toByteArray(), 0, line.size());
                target.flush();
            }
            line.reset();
        }
    }
}
