package rdma.errors.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import rdma.errors.c.EventType;

/** The event names ibv_asyncwatch prints: the device's and its ports', and "unexpected" for the rest. */
class AsyncWatchNamesTest {
    @Test
    void portAndDeviceEventsAreNamedAndTheRestAreUnexpected() {
        assertThat(AsyncWatchCommand.cToolName(EventType.IBV_EVENT_PORT_ERR.value())).isEqualTo("IBV_EVENT_PORT_ERR");
        assertThat(AsyncWatchCommand.cToolName(EventType.IBV_EVENT_GID_CHANGE.value())).isEqualTo("IBV_EVENT_GID_CHANGE");
        assertThat(AsyncWatchCommand.cToolName(EventType.IBV_EVENT_DEVICE_FATAL.value())).isEqualTo("IBV_EVENT_DEVICE_FATAL");
        assertThat(AsyncWatchCommand.cToolName(EventType.IBV_EVENT_QP_FATAL.value())).isEqualTo("unexpected");
        assertThat(AsyncWatchCommand.cToolName(EventType.IBV_EVENT_CQ_ERR.value())).isEqualTo("unexpected");
        assertThat(AsyncWatchCommand.cToolName(99)).isEqualTo("unexpected");
    }
}
