package rdma.testsupport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test that needs a real RDMA device. Without one it is skipped with the reason, unless
 * the build runs with {@code -Drdma.required=true} (the lab and CI do): then it fails, so that a
 * run in which every device test skipped cannot pass. Every such test also gets the
 * {@link LeakCheck}: it must release every RDMA resource it made.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("device")
@ExtendWith({DeviceCondition.class, LeakCheck.class})
public @interface RequiresDevice {
}
