package rdma.support;

import com.sun.jna.Structure;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Where the fields of a C structure are, as JNA lays out the Java class that mirrors it: the
 * offsets that code reading or writing native memory directly uses (the data path, which must
 * not pay for {@code Structure.read()}). JNA computes them with the C alignment rules; the layout
 * test proves each structure against the C compiler, so no offset is ever typed in.
 *
 * <p>A path reaches into nested structures and unions, as C spells it: {@code "ops.post_send"}
 * in {@code ibv_context}, {@code "wr.rdma.remote_addr"} in {@code ibv_send_wr}.
 */
public final class Layout {
    private static final ClassValue<Layout> LAYOUTS = new ClassValue<>() {
        @Override
        protected Layout computeValue(Class<?> type) {
            return new Layout(newInstance(type.asSubclass(Structure.class)));
        }
    };

    private final Structure prototype;

    private Layout(Structure prototype) {
        this.prototype = prototype;
    }

    /** The layout of {@code type} on this platform, computed once. */
    public static Layout of(Class<? extends Structure> type) {
        return LAYOUTS.get(type);
    }

    /** The layout of one instance, for structures whose size was chosen at run time. */
    public static Layout of(Structure instance) {
        return new Layout(instance);
    }

    /** {@code sizeof}. */
    public int size() {
        return prototype.size();
    }

    /** {@code offsetof}: the offset of {@code path} ("field" or "field.member...") from the start. */
    public int offsetOf(String path) {
        int dot = path.indexOf('.');
        String field = dot < 0 ? path : path.substring(0, dot);
        int offset = fieldOffset(prototype, field);
        if (dot < 0) {
            return offset;
        }
        Structure member = nestedStructure(prototype, field);
        return offset + Layout.of(member).offsetOf(path.substring(dot + 1));
    }

    private static Structure newInstance(Class<? extends Structure> type) {
        try {
            return type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(type.getName() + " needs a public no-argument constructor", e);
        }
    }

    /** The value of a nested structure or union field, which JNA has created with its parent. */
    private static Structure nestedStructure(Structure parent, String field) {
        try {
            Field member = parent.getClass().getField(field);
            if (!Structure.class.isAssignableFrom(member.getType())) {
                throw new IllegalArgumentException(field + " of " + parent.getClass().getSimpleName() + " is not a structure");
            }
            Object value = member.get(parent);
            return value != null ? (Structure) value : newInstance(member.getType().asSubclass(Structure.class));
        } catch (NoSuchFieldException | IllegalAccessException e) {
            throw new IllegalArgumentException("no public field " + field + " in " + parent.getClass().getSimpleName(), e);
        }
    }

    /** {@code Structure.fieldOffset} is protected: JNA computes the offset, we only read it. */
    private static int fieldOffset(Structure structure, String field) {
        try {
            Method fieldOffset = Structure.class.getDeclaredMethod("fieldOffset", String.class);
            fieldOffset.setAccessible(true);
            return (Integer) fieldOffset.invoke(structure, field);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("no field " + field + " in " + structure.getClass().getSimpleName(), e);
        }
    }
}
