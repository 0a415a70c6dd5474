package rdma.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rdma.testsupport.LayoutProbe;

/** The completion channel and poll(2)'s structure and constants, proven against gcc and the installed headers. */
class LayoutTest {
    @Test
    void everyStructureAndConstantMatchesTheCHeaders() throws Exception {
        LayoutProbe probe = new LayoutProbe().include("poll.h").include("fcntl.h").include("errno.h")
                .add("struct ibv_comp_channel", ibv_comp_channel.class)
                .add("struct pollfd", pollfd.class)
                .constant("F_GETFL", Poll.F_GETFL)
                .constant("F_SETFL", Poll.F_SETFL)
                .constant("O_NONBLOCK", Poll.O_NONBLOCK)
                .constant("POLLIN", Poll.POLLIN)
                .constant("EINTR", Poll.EINTR)
                .constant("EAGAIN", Poll.EAGAIN);

        assertThat(probe.mismatches(Path.of("target", "layout-probe"))).isEmpty();
    }
}
