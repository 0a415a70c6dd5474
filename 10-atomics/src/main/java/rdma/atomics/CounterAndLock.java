package rdma.atomics;

import java.io.PrintStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.devices.GidEntry;
import rdma.support.Threads;
import rdma.support.VerbsException;

/**
 * What atomics are for, run: one target's page, several clients, each with a connection of its
 * own, all at once. A shared counter, which every client increments with FETCH_AND_ADD: the total
 * is exact and the target's CPU does nothing. A lock taken with CMP_AND_SWAP, which makes a plain
 * READ, add one, WRITE of a shared word safe; without it updates are lost. The target's CPU adding
 * to a word while the clients' atomics do: what "atomic" means to a device whose
 * {@code atomic_cap} is HCA. And a READ whose answer a WRITE sends on: {@code IBV_SEND_FENCE}.
 * The demo runs the target in the calling thread and each client in a thread of its own, in one
 * JVM, on two devices.
 */
public final class CounterAndLock {
    /** The target's words, by byte offset in its page; the fence's blocks are 16 KiB each. */
    static final int COUNTER = 0;
    static final int LOCK = 8;
    static final int TALLY = 16;
    static final int RACED = 24;
    static final int FENCE_SOURCE = 16 * 1024;
    static final int FENCE_COPY = 32 * 1024;
    /** The lock's word when nobody holds it; a holder writes its number, 1 or more. */
    static final long FREE = 0;
    /** Rounds of the fence case, each way. */
    static final int FENCE_ROUNDS = 100;
    /** The longest a client waits between two tries at a taken lock: its back-off doubles from 1 us up to this. */
    private static final long MOST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long START_TIMEOUT_SECONDS = 60;
    /** The CPU's view of a word of the page: a plain load and store, or its own atomic add. */
    private static final VarHandle WORD = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private final int clients;
    private final int iterations;
    private final InetSocketAddress target;
    private final InetSocketAddress source;
    private final PrintStream out;

    /** {@code clients} clients from {@code source} (port 0), {@code iterations} each, of the target listening at {@code target}. */
    public CounterAndLock(int clients, int iterations, InetSocketAddress target, InetSocketAddress source, PrintStream out) {
        this.clients = clients;
        this.iterations = iterations;
        this.target = target;
        this.source = source;
        this.out = out;
    }

    /**
     * The demo: the target on the first device, the clients on the second (or the first again),
     * each addressed by the IPv4 address of its network interface, as the connection manager
     * addresses devices; the target listens on {@code port}.
     */
    public static void demo(int clients, int iterations, int port, PrintStream out) {
        InetAddress targetAddress;
        InetAddress clientAddress;
        try (DeviceList list = DeviceList.open()) {
            List<Device> devices = list.devices();
            targetAddress = ipv4(devices.get(0));
            clientAddress = ipv4(devices.get(Math.min(1, devices.size() - 1)));
            out.printf("demo: a target on %s (%s) and %d clients on %s (%s), each client a connection of its own, in one JVM%n",
                    devices.get(0).name(), targetAddress.getHostAddress(), clients,
                    devices.get(Math.min(1, devices.size() - 1)).name(), clientAddress.getHostAddress());
        }
        new CounterAndLock(clients, iterations, new InetSocketAddress(targetAddress, port), new InetSocketAddress(clientAddress, 0),
                out).run();
    }

    /** The IPv4 address of {@code device}'s port 1, from its IPv4-mapped RoCE v2 GID. */
    private static InetAddress ipv4(Device device) {
        try (DeviceContext context = DeviceContext.open(device)) {
            GidEntry gid = context.port(1).ipv4RoceV2Gid().orElseThrow(() -> new VerbsException("the demo", device.name()
                    + " has no IPv4 address", "Give its network interface an IPv4 address (ip addr add), as the lab does"));
            return InetAddress.getByAddress(Arrays.copyOfRange(gid.raw(), 12, 16));
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** The five cases, one after the other, each with a zeroed page and new connections. */
    public void run() {
        counter();
        tally(false);
        tally(true);
        targetCpu();
        fence();
    }

    // ---------------------------------------------------------------------------------------------
    // A shared counter

    /**
     * Every client adds 1 to the same word, {@code -n} times, at once. The target's device does
     * each FETCH_AND_ADD whole, so none is lost, and each returns a count no other one saw: the
     * values fetched are 0 to n-1, each once.
     */
    private void counter() {
        out.printf("counter: %d clients FETCH_AND_ADD 1 to one word of the target, %d times each, at once%n", clients, iterations);
        Round<Counted> round = round(clients, null, client -> {
            long[] fetched = new long[iterations];
            long start = System.nanoTime();
            for (int i = 0; i < iterations; i++) {
                fetched[i] = client.fetchAndAdd(COUNTER, 1);
            }
            return new Counted(fetched, System.nanoTime() - start);
        });
        long total = (long) clients * iterations;
        long longest = 0;
        long[] all = new long[(int) total];
        for (int n = 0; n < clients; n++) {
            Counted counted = round.clients().get(n);
            out.printf("  client %d: %d FETCH_AND_ADDs in %.2f s%n", n + 1, iterations, counted.nanos() / 1e9);
            System.arraycopy(counted.fetched(), 0, all, n * iterations, iterations);
            longest = Math.max(longest, counted.nanos());
        }
        long word = round.word(COUNTER);
        require(word == total, "the counter holds " + word + ", not the " + total + " its FETCH_AND_ADDs make");
        out.printf("  target: the word holds %d, %d times %d: not one lost, and the target's CPU did nothing%n", word, clients,
                iterations);
        Arrays.sort(all);
        for (int i = 0; i < all.length; i++) {
            require(all[i] == i, "the values fetched are not 0 to " + (total - 1) + " each once: " + all[i] + " at " + i);
        }
        out.printf("  the %d values the clients fetched are 0 to %d, each once: no two atomics found the same count%n", total,
                total - 1);
        out.printf("  together: %d FETCH_AND_ADDs in %.2f s, %.0f a second%n", total, longest / 1e9, total / (longest / 1e9));
    }

    private record Counted(long[] fetched, long nanos) {
    }

    // ---------------------------------------------------------------------------------------------
    // A lock

    /**
     * Every client adds 1 to a shared word the plain way, {@code -n} times: an RDMA READ of the
     * word, then an RDMA WRITE of it plus one. Two clients that READ the same value both WRITE
     * the same sum, and one update is lost. With {@code locked}, each first takes the lock (a
     * CMP_AND_SWAP of FREE for its number, again with back-off until it finds FREE), and gives it
     * back after its WRITE completed (a CMP_AND_SWAP of its number for FREE).
     */
    private void tally(boolean locked) {
        out.printf("tally %s: %d clients READ a word, add 1 and WRITE it back, %d times each, at once%n",
                locked ? "with the lock" : "without a lock", clients, iterations);
        Round<Long> round = round(clients, null, client -> {
            long foundTaken = 0;
            for (int i = 0; i < iterations; i++) {
                if (locked) {
                    foundTaken += lock(client);
                }
                long tally = client.read(TALLY);
                client.write(TALLY, tally + 1);
                if (locked) {
                    unlock(client);
                }
            }
            return foundTaken;
        });
        long total = (long) clients * iterations;
        long word = round.word(TALLY);
        if (locked) {
            require(word == total, "the tally under the lock holds " + word + ", not " + total);
            long foundTaken = round.clients().stream().mapToLong(Long::longValue).sum();
            out.printf("  target: the word holds %d: none lost; the clients' CMP_AND_SWAPs found the lock taken %d times%n", word,
                    foundTaken);
        } else {
            out.printf("  target: the word holds %d of the %d: %d lost, READ by two clients before either WROTE%n", word, total,
                    total - word);
        }
    }

    /**
     * Takes the lock: CMP_AND_SWAP of FREE for this client's number, until the value it finds is
     * FREE. Between two tries the client waits, twice as long each time and at random within that
     * (so that clients that collided do not collide again); how many tries found it taken.
     */
    private static long lock(PageClient client) {
        long foundTaken = 0;
        long backoff = 1_000;
        while (client.compareAndSwap(LOCK, FREE, client.number()) != FREE) {
            foundTaken++;
            LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(backoff) + 1);
            backoff = Math.min(2 * backoff, MOST_BACKOFF_NANOS);
        }
        return foundTaken;
    }

    /** Gives the lock back: CMP_AND_SWAP of this client's number for FREE, which finds the number when the client held it. */
    private static void unlock(PageClient client) {
        long held = client.compareAndSwap(LOCK, client.number(), FREE);
        require(held == client.number(), "client " + client.number() + " gave back a lock held by " + held);
    }

    // ---------------------------------------------------------------------------------------------
    // The target's CPU

    /**
     * The clients FETCH_AND_ADD a word while the target's CPU adds 1 to it too, with its own atomic
     * instruction. Atomic to the CPU is not atomic to the device: an atomic_cap of HCA promises
     * atomicity among the atomics of the device only. soft-RoCE reads the word, adds, and writes
     * it back under a lock of its own; a CPU add that falls in between is overwritten.
     */
    private void targetCpu() {
        out.printf("target's CPU: %d clients FETCH_AND_ADD 1 to a word, %d times each, while the target's CPU adds 1 to it"
                + " with its own atomic add%n", clients, iterations);
        CpuAdder adder = new CpuAdder();
        Round<Long> round = round(clients, adder, client -> {
            for (int i = 0; i < iterations; i++) {
                client.fetchAndAdd(RACED, 1);
            }
            return 0L;
        });
        long byDevice = (long) clients * iterations;
        long expected = byDevice + adder.adds;
        long word = round.word(RACED);
        require(word <= expected, "the word holds " + word + ", more than the " + expected + " added to it");
        out.printf("  target: its CPU added 1 %d times, the clients %d times; the word holds %d of the %d: %d lost%n", adder.adds,
                byDevice, word, expected, expected - word);
    }

    /** The target's CPU, in a thread of its own: atomic adds of 1 to the raced word, a thousand at a time, while the clients are there. */
    private static final class CpuAdder implements TargetCpu {
        long adds;

        @Override
        public void run(ByteBuffer words, BooleanSupplier clientsThere) {
            while (clientsThere.getAsBoolean()) {
                for (int i = 0; i < 1000; i++) {
                    WORD.getAndAdd(words, RACED, 1L);
                }
                adds += 1000;
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // The fence

    /**
     * One client copies a block of the target's page to another place of it: an RDMA READ of the
     * block, and behind it, in the same post, an RDMA WRITE of the bytes the READ fills. Requests
     * leave in order, but a WRITE does not wait for the answer of a READ before it: its device
     * takes the bytes as they are when it sends them, and the READ's answer (a packet per MTU)
     * may not all be in yet. {@code IBV_SEND_FENCE} on the WRITE holds it until every READ and
     * atomic before it on the QP has completed. Each round first WRITEs a new last word to the
     * block; the client tells by a READ of the copy's last word.
     */
    private void fence() {
        out.printf("fence: one client READs %d KiB of the target and, in the same post, WRITEs them to another place of it,"
                + " %d times without IBV_SEND_FENCE on the WRITE and %d times with it%n", PageClient.BLOCK / 1024, FENCE_ROUNDS,
                FENCE_ROUNDS);
        Round<int[]> round = round(1, null, client -> {
            int[] carried = new int[2];
            for (int i = 0; i < 2 * FENCE_ROUNDS; i++) {
                boolean fenced = i >= FENCE_ROUNDS;
                client.write(FENCE_SOURCE + PageClient.BLOCK - Long.BYTES, i + 1);
                if (client.copyBlock(FENCE_SOURCE, FENCE_COPY, fenced)) {
                    carried[fenced ? 1 : 0]++;
                }
            }
            return carried;
        });
        int[] carried = round.clients().get(0);
        require(carried[1] == FENCE_ROUNDS, "with IBV_SEND_FENCE only " + carried[1] + " of " + FENCE_ROUNDS
                + " WRITEs carried the block read");
        out.printf("  client 1: without the fence %d of %d WRITEs carried the block read, %d what was there before the READ's"
                + " answer; with it %d of %d%n", carried[0], FENCE_ROUNDS, FENCE_ROUNDS - carried[0], carried[1], FENCE_ROUNDS);
    }

    // ---------------------------------------------------------------------------------------------
    // One round: a target and its clients

    /** What a client does once every client is connected; its result goes to the report. */
    @FunctionalInterface
    private interface ClientWork<R> {
        R run(PageClient client);
    }

    /** What the target's CPU does to its page in a thread of its own, from before the clients connect until they have all gone. */
    @FunctionalInterface
    private interface TargetCpu {
        void run(ByteBuffer words, BooleanSupplier clientsThere);
    }

    /** The clients' results, by number, and the target's page as it was when they had all gone. */
    private record Round<R>(List<R> clients, ByteBuffer page) {
        long word(int offset) {
            return page.getLong(offset);
        }
    }

    /**
     * The target listens with a zeroed page; {@code count} clients connect, each in a thread of
     * its own, wait for each other, and work; the target accepts them and waits until each has
     * disconnected, while {@code cpu} (if any) works on the page in a thread of its own. A client
     * that fails makes the round fail, with its error.
     */
    private <R> Round<R> round(int count, TargetCpu cpu, ClientWork<R> work) {
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        AtomicReferenceArray<R> results = new AtomicReferenceArray<>(count);
        CyclicBarrier start = new CyclicBarrier(count);
        AtomicBoolean clientsThere = new AtomicBoolean(true);
        List<Thread> threads = new ArrayList<>();
        try (SharedPage page = SharedPage.listen(target)) {
            if (cpu != null) {
                threads.add(new Thread(() -> cpu.run(page.words(), clientsThere::get), "target CPU"));
            }
            for (int n = 0; n < count; n++) {
                threads.add(new Thread(() -> client(start, work, results, failure), "client"));
            }
            threads.forEach(Thread::start);
            try {
                page.accept(count, () -> failure.get() == null);
                page.awaitDisconnects(() -> failure.get() == null);
            } catch (RuntimeException targetFailed) {
                failure.compareAndSet(null, targetFailed);
                start.reset(); // clients waiting for the others stop waiting
            } finally {
                clientsThere.set(false);
                threads.forEach(Threads::joinUninterruptibly);
            }
            if (failure.get() != null) {
                throw failure.get();
            }
            ByteBuffer after = ByteBuffer.allocate(SharedPage.BYTES).order(ByteOrder.nativeOrder());
            after.put(page.words()).flip();
            List<R> byNumber = new ArrayList<>();
            for (int n = 0; n < count; n++) {
                byNumber.add(results.get(n));
            }
            return new Round<>(byNumber, after);
        }
    }

    /** One client's thread: connect, wait until every client is connected, work, disconnect. */
    private <R> void client(CyclicBarrier start, ClientWork<R> work, AtomicReferenceArray<R> results,
            AtomicReference<RuntimeException> failure) {
        try (PageClient client = PageClient.connect(target, source)) {
            start.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            results.set(client.number() - 1, work.run(client));
        } catch (RuntimeException failed) {
            failure.compareAndSet(null, failed);
            start.reset();
        } catch (BrokenBarrierException | TimeoutException notAllConnected) {
            failure.compareAndSet(null, new VerbsException("a client", "not every client connected", "See the first error"));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            failure.compareAndSet(null, new VerbsException("a client", "interrupted", "Run it again"));
        }
    }

    private static void require(boolean holds, String otherwise) {
        if (!holds) {
            throw new VerbsException("the shared page", otherwise, "Report this: the device did not keep its promise");
        }
    }
}
