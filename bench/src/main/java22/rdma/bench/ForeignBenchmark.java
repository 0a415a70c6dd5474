package rdma.bench;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The JDK's own downcall ({@code java.lang.foreign}, final since JDK 22) to the same function,
 * through the same table: what calling C from Java costs without JNA. Compiled only on JDK 22 or
 * later (the bench module's "foreign" profile).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ForeignBenchmark {
    private static final FunctionDescriptor POLL_CQ_SHAPE = FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS);
    private static final MethodHandle DOWNCALL;
    private static final MethodHandle CRITICAL;
    private static final MemorySegment CQ;
    private static final MemorySegment WC;

    // Made once, in static final fields: constant method handles are what the JIT inlines best.
    static {
        Arena arena = Arena.global();
        SymbolLookup library = SymbolLookup.libraryLookup(Path.of(DataPathBenchmark.LIBRARY), arena);
        MemorySegment table = library.find("trivial_ops").orElseThrow().reinterpret(ADDRESS.byteSize());
        MemorySegment function = table.get(ADDRESS, 0);
        Linker linker = Linker.nativeLinker();
        DOWNCALL = linker.downcallHandle(function, POLL_CQ_SHAPE);
        CRITICAL = linker.downcallHandle(function, POLL_CQ_SHAPE, Linker.Option.critical(false));
        CQ = arena.allocate(64);
        WC = arena.allocate(64);
    }

    /** A downcall handle, as a program would keep it in a static final field. */
    @Benchmark
    public int foreignDowncall() throws Throwable {
        return (int) DOWNCALL.invokeExact(CQ, 7, WC);
    }

    /** The same, marked critical: no thread-state transition, for short calls that never block. */
    @Benchmark
    public int foreignDowncallCritical() throws Throwable {
        return (int) CRITICAL.invokeExact(CQ, 7, WC);
    }
}
