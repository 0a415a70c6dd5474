package rdma.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Resources released newest first, and a failure in cleanup never hiding the one that stopped the work. */
class ResourceStackTest {
    private final List<String> closed = new ArrayList<>();

    private AutoCloseable resource(String name) {
        return () -> closed.add(name);
    }

    private AutoCloseable failing(String name) {
        return () -> {
            closed.add(name);
            throw new VerbsException("ibv_dealloc_pd", "busy", "Close " + name + "'s users first");
        };
    }

    @Test
    void closesNewestFirst() {
        ResourceStack stack = new ResourceStack();
        stack.push(resource("context"));
        stack.push(resource("pd"));
        stack.push(resource("qp"));
        stack.close();
        assertThat(closed).containsExactly("qp", "pd", "context");
    }

    @Test
    void everythingIsTriedAndTheFirstFailureThrown() {
        ResourceStack stack = new ResourceStack();
        stack.push(resource("context"));
        stack.push(failing("pd"));
        stack.push(failing("mr"));
        assertThatThrownBy(stack::close).hasMessageContaining("Close mr's users first")
                .satisfies(error -> assertThat(error.getSuppressed()).hasSize(1));
        assertThat(closed).containsExactly("mr", "pd", "context");
    }

    /** What stopped the work stays the error; a cleanup that fails after it is kept beside it. */
    @Test
    void aFailureInCleanupAfterAFailureKeepsTheOriginal() {
        ResourceStack stack = new ResourceStack();
        stack.push(failing("pd"));
        VerbsException original = new VerbsException("ibv_create_qp", "out of memory", "Ask for less");

        VerbsException thrown = stack.closeAfter(original);

        assertThat(thrown).isSameAs(original);
        assertThat(thrown.getSuppressed()).singleElement().satisfies(suppressed ->
                assertThat(suppressed).hasMessageContaining("ibv_dealloc_pd: busy"));
        assertThat(closed).containsExactly("pd");
    }

    @Test
    void aVerbsExceptionKeepsItsCause() {
        java.io.IOException io = new java.io.IOException("Connection reset");
        VerbsException error = new VerbsException("exchanging addresses", "Connection reset", "Is the peer running?", io);
        assertThat(error).hasCause(io).hasMessage("exchanging addresses: Connection reset. Is the peer running?");
    }
}
