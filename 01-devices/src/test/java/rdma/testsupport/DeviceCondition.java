package rdma.testsupport;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import rdma.devices.Device;
import rdma.devices.DeviceList;

/** Decides whether {@link RequiresDevice} tests run: see there. */
public final class DeviceCondition implements ExecutionCondition {
    /** The switch that turns "no device" into a failure. */
    public static final String REQUIRED_PROPERTY = "rdma.required";

    private static volatile Optional<String> absenceReason;

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<String> reason = absenceReason();
        if (reason.isEmpty()) {
            return ConditionEvaluationResult.enabled("an RDMA device is present");
        }
        if (Boolean.getBoolean(REQUIRED_PROPERTY)) {
            throw new IllegalStateException("this test needs an RDMA device and " + REQUIRED_PROPERTY
                    + "=true, but " + reason.get());
        }
        return ConditionEvaluationResult.disabled("no RDMA device (" + reason.get()
                + "); run the device tests in the lab: lab/run mvn verify -Drdma.required=true");
    }

    /** Empty when at least one device is listed; otherwise why not. Asked once per JVM. */
    static Optional<String> absenceReason() {
        Optional<String> reason = absenceReason;
        if (reason == null) {
            reason = findAbsenceReason();
            absenceReason = reason;
        }
        return reason;
    }

    private static Optional<String> findAbsenceReason() {
        try (DeviceList list = DeviceList.open()) {
            List<Device> devices = list.devices();
            return devices.isEmpty() ? Optional.of("ibv_get_device_list found no devices") : Optional.empty();
        } catch (RuntimeException | LinkageError noVerbs) {
            return Optional.of(String.valueOf(noVerbs.getMessage()));
        }
    }
}
