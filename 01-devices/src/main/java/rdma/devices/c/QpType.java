package rdma.devices.c;

import rdma.support.CEnum;

/**
 * {@code enum ibv_qp_type}. Chapter 03 creates RC (reliable connected) queue pairs; devices also
 * report, per QP type, which offloads they support, which is where chapter 01 first meets it.
 */
public enum QpType implements CEnum {
    IBV_QPT_RC(2),
    IBV_QPT_UC(3),
    IBV_QPT_UD(4),
    IBV_QPT_RAW_PACKET(8),
    IBV_QPT_XRC_SEND(9),
    IBV_QPT_XRC_RECV(10),
    IBV_QPT_DRIVER(0xff);

    private final int value;

    QpType(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }

    /** {@code ibv_is_qpt_supported}: whether a capability mask of {@code 1 << qp_type} bits holds this type. */
    public boolean isIn(int supportedQpts) {
        return (supportedQpts & (1 << value)) != 0;
    }
}
