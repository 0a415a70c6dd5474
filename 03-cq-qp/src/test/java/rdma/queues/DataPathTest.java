package rdma.queues;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The data path without a device: a fake {@code ibv_context} whose {@code ops.post_send} slot
 * holds the address of C's {@code strcspn}, which takes two strings (a third argument is ignored
 * by the calling convention), so the call's result shows which function ran, with which arguments.
 */
class DataPathTest {
    private static Memory string(String text) {
        Memory memory = new Memory(text.length() + 1L);
        memory.setString(0, text, "US-ASCII");
        return memory;
    }

    private static DataPath.BoundCall strcspnAsPostSend(Memory first, Memory second) {
        Memory context = new Memory(new ibv_context().size());
        context.clear();
        context.setPointer(ibv_context.opsOffsetOf("post_send"),
                NativeLibrary.getInstance(Platform.C_LIBRARY_NAME).getFunction("strcspn"));
        return DataPath.ibv_post_send(context, first, second, null);
    }

    @Test
    void callsTheFunctionAtTheOpsOffsetWithTheBoundArguments() {
        assertThat(strcspnAsPostSend(string("queue pair"), string("p")).invoke()).isEqualTo(6);
        assertThat(strcspnAsPostSend(string("verbs"), string("xyz")).invoke()).isEqualTo(5);
    }

    @Test
    void aBoundCallAllocatesNothing() {
        DataPath.BoundCall call = strcspnAsPostSend(string("completion"), string("t"));
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int calls = 200_000;
        long sum = 0;
        for (int i = 0; i < calls; i++) {
            sum += call.invoke(); // warm up: let the JIT compile the call site
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < calls; i++) {
            sum += call.invoke();
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(sum).isEqualTo(2L * calls * 6); // "completion" has its first t at index 6
        assertThat(allocated).as("bytes allocated by %d calls", calls).isLessThan(calls / 100);
    }
}
