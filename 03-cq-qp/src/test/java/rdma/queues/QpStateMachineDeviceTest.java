package rdma.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.devices.Port;
import rdma.devices.c.Mtu;
import rdma.queues.c.QpAttrMask;
import rdma.queues.c.QpState;
import rdma.support.VerbsException;
import rdma.testsupport.RequiresDevice;

/**
 * What docs/qp-states.md says of each transition, on a real device: every attribute bit of
 * {@link QpTransitions} is required, and without any one of them {@code ibv_modify_qp} fails
 * with EINVAL and the QP stays in the state it was in. The page's tables name every bit.
 */
@RequiresDevice
class QpStateMachineDeviceTest {
    private static final Path PAGE = Path.of("..", "docs", "qp-states.md");

    /** Each bit of {@code transition}'s mask but IBV_QP_STATE, left out in turn, on {@code qp} in {@code from}. */
    private static void eachBitIsRequired(QueuePair qp, QpState from, QpTransitions.Transition transition) throws Exception {
        String page = Files.readString(PAGE);
        for (QpAttrMask bit : QpAttrMask.values()) {
            if (bit == QpAttrMask.IBV_QP_STATE || (transition.mask() & bit.value()) == 0) {
                continue;
            }
            assertThat(page).as("docs/qp-states.md names %s", bit.name()).contains("`" + bit.name() + "`");
            int without = transition.mask() & ~bit.value();
            assertThatThrownBy(() -> qp.modify(transition.attr(), without, "a test")).as("%s without %s", transition.target(), bit)
                    .isInstanceOf(VerbsException.class).hasMessageContaining("Invalid argument (errno 22)");
            assertThat(qp.queryState()).as("the state after %s failed without %s", transition.target(), bit)
                    .isEqualTo(from.value());
        }
        qp.modify(transition.attr(), transition.mask(), "a test");
        assertThat(qp.queryState()).isEqualTo(transition.target().value());
    }

    @Test
    void withoutAnyRequiredAttributeATransitionIsEinvalAndTheQpStays() throws Exception {
        try (DeviceList devices = DeviceList.open();
             DeviceContext context = DeviceContext.open(devices.first());
             Endpoint a = Endpoint.create(context.port(1), null, EndpointSpec.of(64));
             Endpoint b = Endpoint.create(context.port(1), null, EndpointSpec.of(64))) {
            Port port = context.port(1);
            Mtu mtu = port.requirePathMtu(Mtu.ofBytes(1024).orElseThrow());

            eachBitIsRequired(a.qp(), QpState.IBV_QPS_RESET, QpTransitions.toInit(port.number(), 0));
            eachBitIsRequired(a.qp(), QpState.IBV_QPS_INIT,
                    QpTransitions.toRtr(port.number(), mtu, a.gidIndex(), 0, b.address()));
            eachBitIsRequired(a.qp(), QpState.IBV_QPS_RTR, QpTransitions.toRts(0x123456, QpTransitions.RNR_RETRY_FOREVER));
        }
    }
}
