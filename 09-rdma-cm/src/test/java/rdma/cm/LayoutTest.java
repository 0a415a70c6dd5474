package rdma.cm;

import org.junit.jupiter.api.Test;
import rdma.cm.c.CmEventType;
import rdma.cm.c.pollfd;
import rdma.cm.c.rdma_addr;
import rdma.cm.c.rdma_cm_event;
import rdma.cm.c.rdma_cm_id;
import rdma.cm.c.rdma_conn_param;
import rdma.cm.c.rdma_event_channel;
import rdma.cm.c.rdma_ib_addr;
import rdma.cm.c.rdma_route;
import rdma.cm.c.rdma_ud_param;
import rdma.cm.c.sockaddr_in;
import rdma.cm.c.sockaddr_in6;
import rdma.cm.c.sockaddr_storage;
import rdma.testsupport.LayoutProbe;

/**
 * The connection manager's structures (the identifier, with its route, addresses and GIDs; the
 * event, with its parameter union; the connection parameters; the socket addresses) and
 * constants, and poll(2)'s, proven against gcc and the installed librdmacm and C library headers.
 */
class LayoutTest {
    @Test
    void everyStructureAndConstantMatchesTheCHeaders() throws Exception {
        new LayoutProbe().include("rdma/rdma_cma.h", "librdmacm-dev").include("netinet/in.h")
                .include("poll.h").include("fcntl.h")
                .structs(rdma_event_channel.class, sockaddr_in.class, sockaddr_in6.class, sockaddr_storage.class,
                        rdma_ib_addr.class, rdma_addr.class, rdma_route.class, rdma_cm_id.class, rdma_conn_param.class,
                        rdma_ud_param.class, rdma_cm_event.class, pollfd.class)
                .addMember("struct rdma_cm_event", "param", rdma_cm_event.param_union.class)
                .constants(CmEventType.class)
                .constant("RDMA_PS_TCP", CmVerbs.RDMA_PS_TCP)
                .constant("RDMA_MAX_RESP_RES", CmVerbs.RDMA_MAX_RESP_RES)
                .constant("RDMA_MAX_INIT_DEPTH", CmVerbs.RDMA_MAX_INIT_DEPTH)
                .constant("AF_INET", CmVerbs.AF_INET).constant("AF_INET6", CmVerbs.AF_INET6)
                .constant("EADDRINUSE", CmId.EADDRINUSE)
                .constant("F_GETFL", Poll.F_GETFL).constant("F_SETFL", Poll.F_SETFL).constant("O_NONBLOCK", Poll.O_NONBLOCK)
                .constant("POLLIN", Poll.POLLIN)
                .assertMatchesTheHeaders();
    }
}
