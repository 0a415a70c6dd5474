package rdma.read;

import rdma.devices.DeviceContext;
import rdma.devices.c.ibv_device_attr;
import rdma.support.VerbsException;

/**
 * How many RDMA READs one QP of a device may have outstanding, from {@code ibv_query_device}.
 * As the responder, the READs it serves at once: {@code max_qp_rd_atom}, the ceiling of the
 * {@code max_dest_rd_atomic} a QP takes at RTR. As the requester, the READs it issues at once:
 * {@code max_qp_init_rd_atom}, the ceiling of the {@code max_rd_atomic} it takes at RTS. Both QP
 * attributes are a {@code uint8_t}.
 */
public record ReadLimits(String device, int serves, int issues) {
    private static final int UINT8_MAX = 255;

    public static ReadLimits of(DeviceContext context) {
        ibv_device_attr attr = context.queryDevice();
        return new ReadLimits(context.device().name(), attr.max_qp_rd_atom, attr.max_qp_init_rd_atom);
    }

    /** The most that one number, both served and issued, can be: the default of -o, as perftest's. */
    public int most() {
        return Math.min(UINT8_MAX, Math.min(serves, issues));
    }

    /** The -o/--outs the user gave, or {@link #most} when none; refused above the device's limits. */
    public int outstanding(Integer requested) {
        if (requested == null) {
            return most();
        }
        if (requested > most()) {
            throw new VerbsException("-o/--outs " + requested, device + " serves at most " + serves
                    + " RDMA READs at once per QP (max_qp_rd_atom) and issues at most " + issues + " (max_qp_init_rd_atom)",
                    "Pass -o " + most() + " or less");
        }
        return requested;
    }
}
