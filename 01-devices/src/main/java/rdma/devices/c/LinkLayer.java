package rdma.devices.c;

import java.util.Optional;
import rdma.support.CEnum;

/**
 * The anonymous {@code enum} of {@code IBV_LINK_LAYER_*}: how a port is addressed. InfiniBand
 * ports have LIDs, given out by a subnet manager; Ethernet ports (RoCE) have none and are reached
 * by GID, an IPv6-shaped address made from the interface's IP addresses.
 */
public enum LinkLayer implements CEnum {
    IBV_LINK_LAYER_UNSPECIFIED(0),
    IBV_LINK_LAYER_INFINIBAND(1),
    IBV_LINK_LAYER_ETHERNET(2);

    private final int value;

    LinkLayer(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }

    public static Optional<LinkLayer> of(int value) {
        return CEnum.of(LinkLayer.class, value);
    }
}
