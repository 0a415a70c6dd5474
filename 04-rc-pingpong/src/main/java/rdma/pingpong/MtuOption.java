package rdma.pingpong;

/** pingpong.c's {@code pp_mtu_to_enum}: -m takes bytes, the verbs take {@code enum ibv_mtu}. */
final class MtuOption {
    private MtuOption() {
    }

    /** The {@code enum ibv_mtu} for a size in bytes, or 0 when the size is not an RDMA MTU. */
    static int toEnum(int bytes) {
        return switch (bytes) {
            case 256 -> 1;
            case 512 -> 2;
            case 1024 -> 3;
            case 2048 -> 4;
            case 4096 -> 5;
            default -> 0;
        };
    }
}
