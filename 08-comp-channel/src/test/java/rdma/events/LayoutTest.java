package rdma.events;

import org.junit.jupiter.api.Test;
import rdma.testsupport.LayoutProbe;

/** The completion channel and poll(2)'s structure and constants, proven against gcc and the installed headers. */
class LayoutTest {
    @Test
    void everyStructureAndConstantMatchesTheCHeaders() throws Exception {
        new LayoutProbe().include("poll.h").include("fcntl.h").include("errno.h")
                .structs(ibv_comp_channel.class, pollfd.class)
                .constant("F_GETFL", Poll.F_GETFL).constant("F_SETFL", Poll.F_SETFL).constant("O_NONBLOCK", Poll.O_NONBLOCK)
                .constant("POLLIN", Poll.POLLIN)
                .assertMatchesTheHeaders();
    }
}
