package rdma.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A C enum of {@code <infiniband/verbs.h>} as a Java enum whose constants carry the C names and
 * values: {@code Mtu.IBV_MTU_1024} is C's {@code IBV_MTU_1024}, value 3. Every enum of these
 * chapters implements it, and each chapter's layout test proves every constant against the
 * headers ({@code LayoutProbe.constants}), so no value is typed in unchecked.
 *
 * <p>Flag enums ({@code enum ibv_access_flags}, ...) implement it too: their values are the bits.
 */
public interface CEnum {
    /** The value C gives the constant. */
    int value();

    /** The C name, which is also the Java name ({@link Enum#name()}). */
    String name();

    /**
     * The name without the prefix that every constant of its enum shares, as tools print it:
     * "RTS" for {@code IBV_QPS_RTS}, "LOCAL_WRITE" for {@code IBV_ACCESS_LOCAL_WRITE}.
     */
    default String shortName() {
        return name().substring(SharedPrefix.LENGTH.get(getClass()));
    }

    /** The constant of {@code type} whose C value is {@code value}, if there is one. */
    static <E extends Enum<E> & CEnum> Optional<E> of(Class<E> type, int value) {
        for (E constant : type.getEnumConstants()) {
            if (constant.value() == value) {
                return Optional.of(constant);
            }
        }
        return Optional.empty();
    }

    /**
     * The bits of several flags of one flag enum together, as C writes {@code A | B}: the
     * access flags of a memory region, the send flags of a work request, an attribute mask.
     */
    @SafeVarargs
    static <E extends Enum<E> & CEnum> int bits(E... flags) {
        int bits = 0;
        for (E flag : flags) {
            bits |= flag.value();
        }
        return bits;
    }

    /** The flags of {@code type} set in {@code bits}, in declaration order. */
    static <E extends Enum<E> & CEnum> List<E> flagsIn(Class<E> type, int bits) {
        List<E> set = new ArrayList<>();
        for (E flag : type.getEnumConstants()) {
            if ((bits & flag.value()) != 0) {
                set.add(flag);
            }
        }
        return set;
    }

    /** "LOCAL_WRITE|REMOTE_READ": the short names of the flags set in {@code bits}, then any unnamed bits in hex. */
    static <E extends Enum<E> & CEnum> String describeFlags(Class<E> type, int bits) {
        List<String> names = new ArrayList<>();
        int named = 0;
        for (E flag : flagsIn(type, bits)) {
            names.add(flag.shortName());
            named |= flag.value();
        }
        if ((bits & ~named) != 0) {
            names.add(String.format("0x%x", bits & ~named));
        }
        return String.join("|", names);
    }

    /** The length of the prefix shared by all constants of an enum, up to its last underscore. */
    final class SharedPrefix {
        static final ClassValue<Integer> LENGTH = new ClassValue<>() {
            @Override
            protected Integer computeValue(Class<?> type) {
                Class<?> enumType = type.isEnum() ? type : type.getSuperclass();
                Object[] constants = enumType.getEnumConstants();
                String prefix = ((Enum<?>) constants[0]).name();
                for (Object constant : constants) {
                    String name = ((Enum<?>) constant).name();
                    int common = 0;
                    while (common < prefix.length() && common < name.length() && prefix.charAt(common) == name.charAt(common)) {
                        common++;
                    }
                    prefix = prefix.substring(0, common);
                }
                return prefix.lastIndexOf('_') + 1;
            }
        };

        private SharedPrefix() {
        }
    }
}
