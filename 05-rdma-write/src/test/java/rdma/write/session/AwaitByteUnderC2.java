package rdma.write.session;

import com.sun.jna.Memory;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;

/**
 * The one-byte wait as the latency test runs it, in a JVM of its own whose JIT is C2 alone
 * ({@link WaitsTest} starts it): this thread spins on a byte of native memory until another
 * thread writes it, two seconds later, long after C2 compiled the loop. Exits 0 once the wait
 * saw the byte; a wait whose read the compiler hoisted out of the loop would spin for ever.
 */
public final class AwaitByteUnderC2 {
    private AwaitByteUnderC2() {
    }

    public static void main(String[] args) throws Exception {
        Memory memory = new Memory(4096);
        memory.clear();
        long offset = 4093; // the last bytes: the aligned word around it is the region's last
        try (ServerSocket listener = new ServerSocket(0);
             Socket client = new Socket("localhost", listener.getLocalPort());
             Socket server = listener.accept()) {
            PeerWatch<String> watch = new PeerWatch<>(client, "peer", null);
            Waits waits = new Waits(null, null, watch, "test", TimeUnit.SECONDS.toNanos(60));
            Waits.WatchedByte watched = Waits.watch(memory, offset);
            Thread writer = new Thread(() -> {
                try {
                    Thread.sleep(2_000);
                } catch (InterruptedException interrupted) {
                    return;
                }
                memory.setByte(offset, (byte) 42); // a native write, as the device's would be
            });
            writer.start();
            long start = System.nanoTime();
            waits.awaitByte(watched, (byte) 42, false, "the byte");
            System.out.printf("saw the byte after %d ms%n", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            writer.join();
            watch.close();
        }
    }
}
