package rdma.testsupport;

import com.sun.jna.Structure;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Proves JNA structure layouts against the C compiler: writes a C program that prints
 * {@code sizeof} of each C type and {@code offsetof} of each of its members (the member names
 * taken from the Java class's {@code @FieldOrder}), compiles it with gcc against the installed
 * rdma-core headers, runs it, and compares its numbers with what JNA computed. No offset is
 * written down anywhere; a missing gcc or header is a failure, never a skip.
 */
public final class LayoutProbe {
    /**
     * One C type to measure. {@code member} is empty for a named type, or the path of a member
     * whose type has no name of its own ({@code wr.rdma} of {@code struct ibv_send_wr}).
     */
    private record Entry(String cType, String member, Class<? extends Structure> javaType) {
        String label() {
            return member.isEmpty() ? cType : cType + " " + member;
        }

        String sizeofExpression() {
            return member.isEmpty() ? "sizeof(" + cType + ")" : "sizeof(((" + cType + " *)0)->" + member + ")";
        }

        String offsetExpression(String field) {
            return member.isEmpty() ? "offsetof(" + cType + ", " + field + ")"
                    : "offsetof(" + cType + ", " + member + "." + field + ") - offsetof(" + cType + ", " + member + ")";
        }
    }

    private final List<Entry> types = new ArrayList<>();
    private final Map<String, Long> constants = new java.util.LinkedHashMap<>();

    /** Adds a structure; {@code cType} is how C names it ("struct ibv_port_attr", "union ibv_gid"). */
    public LayoutProbe add(String cType, Class<? extends Structure> javaType) {
        types.add(new Entry(cType, "", javaType));
        return this;
    }

    /**
     * Adds the type of a member that C declares in place, without a name: {@code member} is its
     * path inside {@code cType}, such as "wr.rdma" in "struct ibv_send_wr".
     */
    public LayoutProbe addMember(String cType, String member, Class<? extends Structure> javaType) {
        types.add(new Entry(cType, member, javaType));
        return this;
    }

    /**
     * Adds a constant that Java spells out ({@code IBV_QP_STATE}, {@code IBV_WC_RECV}, ...): the
     * probe prints the C value, and it must equal {@code javaValue}.
     */
    public LayoutProbe constant(String cName, long javaValue) {
        constants.put(cName, javaValue);
        return this;
    }

    /** Every difference between C and JNA, one line each; empty when the layouts agree. */
    public List<String> mismatches(Path workDirectory) throws IOException, InterruptedException {
        Map<String, Long> measured = runProbe(workDirectory);
        List<String> mismatches = new ArrayList<>();
        for (Entry type : types) {
            String label = type.label();
            Structure structure = newInstance(type.javaType());
            compare(mismatches, label + " sizeof", measured.get(label + " sizeof"), structure.size());
            for (String field : fieldOrder(type.javaType())) {
                compare(mismatches, label + " offsetof " + field, measured.get(label + " offsetof " + field),
                        fieldOffset(structure, field));
            }
        }
        for (Map.Entry<String, Long> constant : constants.entrySet()) {
            compare(mismatches, "constant " + constant.getKey(), measured.get("constant " + constant.getKey()), constant.getValue());
        }
        return mismatches;
    }

    private static void compare(List<String> mismatches, String what, Long inC, long inJava) {
        if (inC == null) {
            mismatches.add(what + ": the C probe did not print it");
        } else if (inC != inJava) {
            mismatches.add(what + ": C says " + inC + ", JNA says " + inJava);
        }
    }

    String source() {
        StringBuilder c = new StringBuilder();
        c.append("#include <stddef.h>\n#include <stdio.h>\n#include <infiniband/verbs.h>\n\n");
        c.append("int main(void)\n{\n");
        for (Entry type : types) {
            c.append("\tprintf(\"%s sizeof %zu\\n\", \"").append(type.label()).append("\", ")
                    .append(type.sizeofExpression()).append(");\n");
            for (String field : fieldOrder(type.javaType())) {
                c.append("\tprintf(\"%s offsetof %s %zu\\n\", \"").append(type.label()).append("\", \"")
                        .append(field).append("\", (size_t)(").append(type.offsetExpression(field)).append("));\n");
            }
        }
        for (String constant : constants.keySet()) {
            c.append("\tprintf(\"constant %s %lld\\n\", \"").append(constant).append("\", (long long)(")
                    .append(constant).append("));\n");
        }
        c.append("\treturn 0;\n}\n");
        return c.toString();
    }

    private Map<String, Long> runProbe(Path directory) throws IOException, InterruptedException {
        Path workDirectory = Files.createDirectories(directory.toAbsolutePath());
        Path source = workDirectory.resolve("layout_probe.c");
        Path binary = workDirectory.resolve("layout_probe");
        Files.writeString(source, source());
        ExternalCommand compiled = ExternalCommand.run(workDirectory, List.of("gcc", "-Wall", "-o", binary.toString(), source.toString()),
                "gcc is needed to prove the structure layouts: apt-get install gcc libibverbs-dev");
        if (compiled.exitCode() != 0) {
            throw new AssertionError("the layout probe does not compile (is libibverbs-dev installed? apt-get install"
                    + " libibverbs-dev):\n" + compiled.stderr());
        }
        ExternalCommand ran = ExternalCommand.run(workDirectory, List.of(binary.toString()), "the layout probe did not run");
        Map<String, Long> measured = new HashMap<>();
        for (String line : ran.stdout().split("\n")) {
            int lastSpace = line.lastIndexOf(' ');
            if (lastSpace > 0) {
                measured.put(line.substring(0, lastSpace), Long.parseLong(line.substring(lastSpace + 1)));
            }
        }
        return measured;
    }

    private static List<String> fieldOrder(Class<? extends Structure> type) {
        Structure.FieldOrder order = type.getAnnotation(Structure.FieldOrder.class);
        if (order == null) {
            throw new AssertionError(type.getName() + " has no @FieldOrder");
        }
        return Arrays.asList(order.value());
    }

    private static Structure newInstance(Class<? extends Structure> type) {
        try {
            return type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(type.getName() + " needs a public no-argument constructor", e);
        }
    }

    /** {@code Structure.fieldOffset} is protected: JNA computes it, we only read it. */
    private static long fieldOffset(Structure structure, String field) {
        try {
            Method fieldOffset = Structure.class.getDeclaredMethod("fieldOffset", String.class);
            fieldOffset.setAccessible(true);
            return (Integer) fieldOffset.invoke(structure, field);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("cannot read the JNA offset of " + field, e);
        }
    }
}
