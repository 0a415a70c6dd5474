package rdma.queues;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import rdma.devices.c.ibv_context;
import rdma.support.Layout;

/**
 * The data path without a device: fake {@code ibv_context}s whose {@code ops} slots hold C
 * library functions that take two strings (a third argument is ignored by the calling
 * convention), so each call's result shows which function ran, with which arguments. Two fake
 * tables stand for two providers in one process. Surefire runs this class in a JVM of its own
 * (see the POM), so that its first table is the one direct mapping links to.
 */
class DataPathTest {
    private static final Pointer FIRST_PROVIDER = fakeContext("strcspn");
    private static final Pointer SECOND_PROVIDER = fakeContext("strspn");
    private static DataPath first;

    private static Pointer fakeContext(String postSend) {
        NativeLibrary libc = NativeLibrary.getInstance(Platform.C_LIBRARY_NAME);
        Memory context = new Memory(Layout.of(ibv_context.class).size());
        context.clear();
        context.setPointer(Layout.of(ibv_context.class).offsetOf("ops.post_send"), libc.getFunction(postSend));
        for (String other : new String[] {"post_recv", "poll_cq", "req_notify_cq"}) {
            context.setPointer(Layout.of(ibv_context.class).offsetOf("ops." + other), libc.getFunction("strcmp"));
        }
        return context;
    }

    private static Memory string(String text) {
        Memory memory = new Memory(text.length() + 1L);
        memory.setString(0, text, "US-ASCII");
        return memory;
    }

    @BeforeAll
    static void theFirstProviderInTheProcessIsLinkedByDirectMapping() {
        first = DataPath.of(FIRST_PROVIDER, "first");
        assertThat(first.route()).isEqualTo("JNA direct mapping");
    }

    @Test
    void callsTheFunctionAtTheOpsOffsetWithTheArguments() {
        assertThat(first.ibv_post_send(string("queue pair"), string("p"), null)).isEqualTo(6);
        assertThat(first.ibv_post_send(string("verbs"), string("xyz"), null)).isEqualTo(5);
    }

    @Test
    void anotherContextOfTheSameProviderSharesTheDirectRoute() {
        Memory sameTable = new Memory(Layout.of(ibv_context.class).size());
        sameTable.write(0, FIRST_PROVIDER.getByteArray(0, (int) sameTable.size()), 0, (int) sameTable.size());
        assertThat(DataPath.of(sameTable, "same provider").route()).isEqualTo("JNA direct mapping");
    }

    @Test
    void aSecondProviderWorksThroughFunctionAndTheFirstStillCallsItsOwn() {
        DataPath second = DataPath.of(SECOND_PROVIDER, "second");

        assertThat(second.route()).startsWith("JNA Function");
        assertThat(second.ibv_post_send(string("aaab"), string("a"), null)).as("strspn").isEqualTo(3);
        assertThat(first.ibv_post_send(string("aaab"), string("b"), null)).as("strcspn").isEqualTo(3);
        assertThat(second.ibv_post_recv(string("x"), string("x"), null)).as("strcmp").isZero();
    }

    @Test
    void aDirectCallAllocatesNothing() {
        Memory text = string("completion");
        Memory character = string("t");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int calls = 200_000;
        long sum = 0;
        for (int i = 0; i < calls; i++) {
            sum += first.ibv_post_send(text, character, null); // warm up: let the JIT compile the call site
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < calls; i++) {
            sum += first.ibv_post_send(text, character, null);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(sum).isEqualTo(2L * calls * 6); // "completion" has its first t at index 6
        assertThat(allocated).as("bytes allocated by %d calls", calls).isLessThan(calls / 100);
    }
}
