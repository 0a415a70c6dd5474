package rdma.devices.c;

import java.util.Optional;
import rdma.support.CEnum;

/**
 * {@code enum ibv_mtu}: the RDMA path MTU. The value is not the byte count: {@code IBV_MTU_1024}
 * is 3. A port reports the largest it supports ({@code max_mtu}) and the one its link allows now
 * ({@code active_mtu}); a connection's path MTU must not exceed either side's active MTU.
 */
public enum Mtu implements CEnum {
    IBV_MTU_256(1, 256),
    IBV_MTU_512(2, 512),
    IBV_MTU_1024(3, 1024),
    IBV_MTU_2048(4, 2048),
    IBV_MTU_4096(5, 4096);

    private final int value;
    private final int bytes;

    Mtu(int value, int bytes) {
        this.value = value;
        this.bytes = bytes;
    }

    @Override
    public int value() {
        return value;
    }

    public int bytes() {
        return bytes;
    }

    public static Optional<Mtu> of(int value) {
        return CEnum.of(Mtu.class, value);
    }

    /** rdma-core's {@code pp_mtu_to_enum}: tools take the MTU in bytes. */
    public static Optional<Mtu> ofBytes(int bytes) {
        for (Mtu mtu : values()) {
            if (mtu.bytes == bytes) {
                return Optional.of(mtu);
            }
        }
        return Optional.empty();
    }
}
