package rdma.transfer.terminal;

import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import rdma.transfer.FileResult;
import rdma.transfer.TransferListener;
import rdma.transfer.files.SafeName;

/**
 * What a person sees of a transfer: on a terminal, a progress bar on stderr (bytes, rate, time
 * left) from the progressbar library, which draws it from a thread of its own; elsewhere nothing
 * until the end. Either way each file ends with one line on {@code out}: name, bytes, seconds,
 * MiB/s, the time spent on the disk, SHA-256.
 */
public final class Progress implements TransferListener {
    private static final int MIB = 1 << 20;

    private final PrintStream out;
    private final PrintStream bars;
    private ProgressBar bar;

    private Progress(PrintStream out, PrintStream bars) {
        this.out = out;
        this.bars = bars;
    }

    /** Progress bars on {@code bars}, when it is a terminal; the result lines on {@code out}. */
    public static Progress withBars(PrintStream out, PrintStream bars) {
        return new Progress(out, bars);
    }

    /** Progress bars on stderr where it is a terminal, and otherwise the result lines alone. */
    public static Progress forTerminal(PrintStream out) {
        return Terminal.stderrIsTerminal() ? withBars(out, System.err) : linesOnly(out);
    }

    /** The result lines alone. */
    public static Progress linesOnly(PrintStream out) {
        return new Progress(out, null);
    }

    @Override
    public void started(String name, long size) {
        closeBar(); // the file before ended in an error
        if (bars != null) {
            bar = new ProgressBarBuilder().setTaskName(SafeName.printable(name)).setInitialMax(size)
                    .setStyle(ProgressBarStyle.ASCII).setUnit(" MiB", MIB).showSpeed()
                    .setConsumer(new ConsoleProgressBarConsumer(bars)).build();
        }
    }

    @Override
    public void advanced(long bytes) {
        if (bar != null) {
            bar.stepTo(bytes);
        }
    }

    @Override
    public void finished(FileResult result) {
        closeBar();
        out.println(result.line());
    }

    private void closeBar() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
