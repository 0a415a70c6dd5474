package rdma.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.jna.Pointer;
import org.junit.jupiter.api.Test;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.devices.Port;
import rdma.devices.c.Mtu;
import rdma.memory.c.Access;
import rdma.queues.Completions;
import rdma.queues.Endpoint;
import rdma.queues.EndpointSpec;
import rdma.queues.QueueCapacity;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.SendRequest;
import rdma.support.CEnum;
import rdma.support.VerbsException;
import rdma.testsupport.RequiresDevice;

/**
 * What the README says of a post list that does not fit, on a real device: ibv_post_send returns
 * ENOMEM at the first request the send queue has no room for, and every request before it was
 * posted all the same: its write lands and its completion comes.
 */
@RequiresDevice
class PostListDeviceTest {
    private static final int WORD = 8;
    private static final long INCOMING = 4096;

    @Test
    void aListLongerThanTheSendQueueStopsWithEnomemWhereItNoLongerFits() {
        EndpointSpec spec = EndpointSpec.of(2 * INCOMING)
                .withBufferAccess(CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_WRITE))
                .withQpAccess(CEnum.bits(Access.IBV_ACCESS_REMOTE_WRITE))
                .withCapacity(QueueCapacity.of(4, 1));
        try (DeviceList devices = DeviceList.open();
             DeviceContext context = DeviceContext.open(devices.first());
             Endpoint endpoint = Endpoint.create(context.port(1), null, spec)) {
            Port port = context.port(1);
            endpoint.init();
            endpoint.connect(endpoint.address(), port.requirePathMtu(Mtu.ofBytes(1024).orElseThrow()), 0);
            // The device may grant a larger queue than asked for: that is the room there is.
            int room = endpoint.qp().capacity().maxSendWr();
            assertThat(room).isBetween(4, (int) (INCOMING / WORD) - 1);
            Pointer memory = endpoint.buffer().buffer();
            for (int i = 0; i <= room; i++) {
                memory.setLong((long) i * WORD, 0x1000L + i);
            }
            // Write i copies word i of the first half into the second; only the last that fits asks for a completion.
            SendRequest[][] list = RdmaRequests.list(room + 1, i -> new SendRequest[] {
                new SendRequest(endpoint.qp(), 1, "list").opcode(WrOpcode.IBV_WR_RDMA_WRITE)
                        .sge(0, endpoint.buffer(), (long) i * WORD, WORD)
                        .rdma(endpoint.buffer().address() + INCOMING + (long) i * WORD, endpoint.buffer().rkey())
                        .wrId(i).sendFlags(i == room - 1 ? SendFlag.IBV_SEND_SIGNALED.value() : 0)});

            assertThatThrownBy(() -> list[0][0].post()).isInstanceOf(VerbsException.class)
                    .hasMessageContaining("ibv_post_send(list)").hasMessageContaining("errno 12");

            Completions completions = new Completions(endpoint.cq(), 4, "list");
            assertThat(completions.awaitAny(10_000_000_000L)).isEqualTo(1);
            completions.requireSuccess(0);
            assertThat(completions.wrId(0)).isEqualTo(room - 1);
            for (int i = 0; i < room; i++) {
                assertThat(memory.getLong(INCOMING + (long) i * WORD)).as("write %d, posted before the refusal", i)
                        .isEqualTo(0x1000L + i);
            }
            assertThat(memory.getLong(INCOMING + (long) room * WORD)).as("the write refused").isZero();
        }
    }
}
