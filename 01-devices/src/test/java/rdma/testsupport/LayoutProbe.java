package rdma.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Structure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import rdma.support.CEnum;
import rdma.support.Layout;

/**
 * Proves JNA structure layouts and Java constants against the C compiler: writes a C program that
 * prints {@code sizeof} of each C type, {@code offsetof} of each of its members (the member names
 * taken from the Java class's {@code @FieldOrder}) and the value of each constant, compiles it
 * with gcc against the installed rdma-core headers, runs it, and compares its numbers with what
 * JNA computed ({@link Layout}) and what Java declares. No offset is written down anywhere; a
 * missing gcc or header is a failure, never a skip.
 *
 * <p>{@link #crossMismatches} does the same for another CPU architecture without running anything
 * there: the cross compiler turns each number into the size of a symbol, which its {@code nm}
 * reads back.
 */
public final class LayoutProbe {
    /**
     * One C type to measure. {@code member} is empty for a named type, or the path of a member
     * whose type has no name of its own ({@code wr.rdma} of {@code struct ibv_send_wr}).
     */
    private record Entry(String cType, String member, Supplier<? extends Structure> javaInstance) {
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

        List<String> fields() {
            return fieldOrder(javaInstance.get().getClass());
        }
    }

    /** Where the probes are written and compiled, in the module's build output. */
    public static final Path PROBE_DIRECTORY = Path.of("target", "layout-probe");

    private final List<Entry> types = new ArrayList<>();
    private final Map<String, Long> constants = new LinkedHashMap<>();
    private final List<String> headers = new ArrayList<>(List.of("stddef.h", "stdio.h", "errno.h", "infiniband/verbs.h"));
    private final List<String> packages = new ArrayList<>(List.of("gcc", "libibverbs-dev"));

    /** Includes {@code header} too ("poll.h"), for structures and constants outside verbs.h. */
    public LayoutProbe include(String header) {
        headers.add(header);
        return this;
    }

    /** Includes {@code header}, which Debian's {@code debianPackage} installs ("rdma/rdma_cma.h", "librdmacm-dev"). */
    public LayoutProbe include(String header, String debianPackage) {
        packages.add(debianPackage);
        return include(header);
    }

    /** Adds a structure; {@code cType} is how C names it ("struct ibv_port_attr", "union ibv_gid"). */
    public LayoutProbe add(String cType, Class<? extends Structure> javaType) {
        types.add(new Entry(cType, "", () -> newInstance(javaType)));
        return this;
    }

    /** Adds structures named as C names them: the class {@code ibv_qp_attr} is {@code struct ibv_qp_attr}. */
    @SafeVarargs
    public final LayoutProbe structs(Class<? extends Structure>... javaTypes) {
        for (Class<? extends Structure> javaType : javaTypes) {
            add("struct " + javaType.getSimpleName(), javaType);
        }
        return this;
    }

    /** Adds a structure as one particular instance lays it out (platform-sized fields chosen by the test). */
    public LayoutProbe add(String cType, Supplier<? extends Structure> javaInstance) {
        types.add(new Entry(cType, "", javaInstance));
        return this;
    }

    /**
     * Adds the type of a member that C declares in place, without a name: {@code member} is its
     * path inside {@code cType}, such as "wr.rdma" in "struct ibv_send_wr".
     */
    public LayoutProbe addMember(String cType, String member, Class<? extends Structure> javaType) {
        types.add(new Entry(cType, member, () -> newInstance(javaType)));
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

    /** Adds every constant of a {@link CEnum}, each under its C name. */
    public <E extends Enum<E> & CEnum> LayoutProbe constants(Class<E> type) {
        for (E constant : type.getEnumConstants()) {
            constant(constant.name(), constant.value());
        }
        return this;
    }

    /** Fails, with every difference, unless C (gcc with the installed headers) and JNA agree on every structure and constant. */
    public void assertMatchesTheHeaders() throws IOException, InterruptedException {
        assertThat(mismatches(PROBE_DIRECTORY)).isEmpty();
    }

    /**
     * Fails unless the structures, laid out as the test chose for aarch64, match what aarch64's C
     * compiler makes of the same headers. Without the cross compiler (not among the README's
     * prerequisites) the test is skipped, and says why, unless the run requires everything.
     */
    public void assertMatchesAarch64(String name) throws IOException, InterruptedException {
        OptionalTool.require("aarch64-linux-gnu-gcc", "apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross");
        assertThat(crossMismatches(PROBE_DIRECTORY.resolve(name), "aarch64-linux-gnu-gcc", "aarch64-linux-gnu-nm")).isEmpty();
    }

    /** Every difference between C and JNA, one line each; empty when the layouts agree. */
    public List<String> mismatches(Path workDirectory) throws IOException, InterruptedException {
        return compareWith(runProbe(workDirectory), true);
    }

    /**
     * The same for the structures (not the constants) on another architecture, compiled with
     * {@code compiler} (such as {@code aarch64-linux-gnu-gcc}) and read back with the matching
     * {@code nm}.
     */
    public List<String> crossMismatches(Path workDirectory, String compiler, String nm) throws IOException, InterruptedException {
        return compareWith(runCrossProbe(workDirectory, compiler, nm), false);
    }

    private List<String> compareWith(Map<String, Long> measured, boolean withConstants) {
        List<String> mismatches = new ArrayList<>();
        for (Entry type : types) {
            Structure structure = type.javaInstance().get();
            Layout layout = Layout.of(structure);
            String label = type.label();
            compare(mismatches, label + " sizeof", measured.get(label + " sizeof"), layout.size());
            for (String field : type.fields()) {
                compare(mismatches, label + " offsetof " + field, measured.get(label + " offsetof " + field),
                        layout.offsetOf(field));
            }
        }
        if (withConstants) {
            for (Map.Entry<String, Long> constant : constants.entrySet()) {
                compare(mismatches, "constant " + constant.getKey(), measured.get("constant " + constant.getKey()),
                        constant.getValue());
            }
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

    /** Each measurement as a C expression, keyed by what the comparison calls it. */
    private Map<String, String> expressions(boolean withConstants) {
        Map<String, String> expressions = new LinkedHashMap<>();
        for (Entry type : types) {
            expressions.put(type.label() + " sizeof", type.sizeofExpression());
            for (String field : type.fields()) {
                expressions.put(type.label() + " offsetof " + field, type.offsetExpression(field));
            }
        }
        if (withConstants) {
            for (String constant : constants.keySet()) {
                expressions.put("constant " + constant, constant);
            }
        }
        return expressions;
    }

    String source() {
        StringBuilder c = new StringBuilder(headers()).append("int main(void)\n{\n");
        for (Map.Entry<String, String> measurement : expressions(true).entrySet()) {
            c.append("\tprintf(\"%s %lld\\n\", \"").append(measurement.getKey()).append("\", (long long)(")
                    .append(measurement.getValue()).append("));\n");
        }
        return c.append("\treturn 0;\n}\n").toString();
    }

    private String headers() {
        StringBuilder includes = new StringBuilder();
        headers.forEach(header -> includes.append("#include <").append(header).append(">\n"));
        return includes.append('\n').toString();
    }

    private Map<String, Long> runProbe(Path directory) throws IOException, InterruptedException {
        Path workDirectory = Files.createDirectories(directory.toAbsolutePath());
        Path source = workDirectory.resolve("layout_probe.c");
        Path binary = workDirectory.resolve("layout_probe");
        Files.writeString(source, source());
        compile(workDirectory, List.of("gcc", "-Wall", "-o", binary.toString(), source.toString()),
                "apt-get install " + String.join(" ", packages));
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

    /**
     * Each measurement N becomes {@code char probe_i[N + 1];} (a size may be 0); {@code nm -S}
     * prints every symbol's size, so nothing compiled for the other architecture has to run.
     */
    private Map<String, Long> runCrossProbe(Path directory, String compiler, String nm) throws IOException, InterruptedException {
        Path workDirectory = Files.createDirectories(directory.toAbsolutePath());
        Path source = workDirectory.resolve("layout_probe_cross.c");
        Path object = workDirectory.resolve("layout_probe_cross.o");
        List<String> keys = new ArrayList<>(expressions(false).keySet());
        StringBuilder c = new StringBuilder(headers());
        int i = 0;
        for (String expression : expressions(false).values()) {
            c.append("char probe_").append(i++).append("[(").append(expression).append(") + 1];\n");
        }
        Files.writeString(source, c.toString());
        // The cross compiler's own C library comes first; rdma-core's headers, the same for every
        // architecture, are found in the host's /usr/include after it.
        compile(workDirectory, List.of(compiler, "-c", "-idirafter", "/usr/include", "-o", object.toString(), source.toString()),
                "apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross");
        String symbols = ExternalCommand.output(List.of(nm, "-S", object.toString()), "apt-get install binutils-aarch64-linux-gnu");
        Map<String, Long> measured = new HashMap<>();
        for (String line : symbols.split("\n")) {
            String[] columns = line.trim().split("\\s+");
            if (columns.length == 4 && columns[3].startsWith("probe_")) {
                int index = Integer.parseInt(columns[3].substring("probe_".length()));
                measured.put(keys.get(index), Long.parseLong(columns[1], 16) - 1);
            }
        }
        return measured;
    }

    private static void compile(Path workDirectory, List<String> command, String installHint) throws IOException, InterruptedException {
        ExternalCommand compiled = ExternalCommand.run(workDirectory, command,
                command.get(0) + " is needed to prove the structure layouts: " + installHint);
        if (compiled.exitCode() != 0) {
            throw new AssertionError("the layout probe does not compile (" + installHint + "):\n" + compiled.stderr());
        }
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
}
