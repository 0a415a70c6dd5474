package rdma.book;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every binding of every chapter registers its native methods against a library found the one
 * way the book teaches: rdma-core's libraries through their chapter's loader (which tries the
 * run-time name too, and names the package to install when the library is missing), the C
 * library by JNA's name for it, and the data-path verbs through their device's function table.
 * A binding that names a library itself ({@code Native.register(X.class, "ibverbs")}) loses the
 * fallback and the install hint. The benchmarks' own C libraries, which their scripts build
 * into bench/target, are the one exception: they are found by the path the script passes.
 */
class BindingsTest {
    private static final Pattern REGISTER = Pattern.compile("Native\\.register\\(\\s*\\w+\\.class,\\s*([^;]+)\\);");
    private static final List<String> LOADERS = List.of("Libibverbs.load()", "Librdmacm.load()", "Platform.C_LIBRARY_NAME",
            "NativeLibrary.getProcess(Map.of(Library.OPTION_SYMBOL_PROVIDER, fromTable))");
    private static final String BENCHMARK_LIBRARY = "NativeLibrary.getInstance(LIBRARY)";
    private static final Path BENCHMARKS = Repository.ROOT.resolve("bench");

    @Test
    void everyBindingRegistersThroughItsLoader() {
        List<String> found = new ArrayList<>();
        List<String> named = new ArrayList<>();
        for (Path source : Repository.mainSources()) {
            Matcher register = REGISTER.matcher(Repository.read(source));
            while (register.find()) {
                String library = register.group(1).strip();
                found.add(library);
                boolean benchmarksOwn = source.startsWith(BENCHMARKS) && library.equals(BENCHMARK_LIBRARY);
                if (!LOADERS.contains(library) && !benchmarksOwn) {
                    named.add(Repository.ROOT.relativize(source) + ": " + library);
                }
            }
        }
        assertThat(found).as("bindings found").contains("Libibverbs.load()");
        assertThat(named).as("bindings that name their library themselves").isEmpty();
    }
}
