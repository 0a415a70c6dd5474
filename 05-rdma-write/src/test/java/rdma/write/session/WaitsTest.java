package rdma.write.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Memory;
import java.util.List;
import org.junit.jupiter.api.Test;
import rdma.testsupport.Child;

/** The wait for a byte that only the device writes: read as the Java memory model promises it is read. */
class WaitsTest {
    /**
     * Under C2, the compiler a real NIC's host runs (the lab's JVM runs C1 only): the loop is
     * compiled while it spins (an on-stack replacement, "%" in the compilation log), and still
     * sees the byte another thread writes.
     */
    @Test
    void theByteWaitSeesAWriteUnderC2() throws Exception {
        try (Child child = Child.java(AwaitByteUnderC2.class,
                List.of("-XX:-TieredCompilation", "-XX:+PrintCompilation"), List.of())) {
            assertThat(child.waitFor(60)).as(child.output()).isZero();
            assertThat(child.output()).contains("saw the byte after ")
                    .containsPattern("%.*rdma\\.write\\.session\\.Waits::awaitByte");
        }
    }

    /** The byte is read from the aligned word around it, wherever it lies in the word. */
    @Test
    void eachByteOfAWordIsReadAsItself() {
        Memory memory = new Memory(16);
        memory.clear();
        for (int offset = 0; offset < 8; offset++) {
            Waits.WatchedByte watched = Waits.watch(memory, offset);
            memory.setByte(offset, (byte) (0x80 | offset));
            assertThat(watched.get()).as("byte %d", offset).isEqualTo((byte) (0x80 | offset));
            memory.setByte(offset, (byte) 0);
            assertThat(watched.get()).isZero();
        }
    }
}
