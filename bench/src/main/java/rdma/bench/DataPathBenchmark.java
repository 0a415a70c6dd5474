package rdma.bench;

import com.sun.jna.Function;
import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.SymbolProvider;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import rdma.devices.c.ibv_context;
import rdma.queues.DataPath;
import rdma.support.Layout;

/**
 * What one call of a trivial C function ({@code int trivial(void *, int, void *)}, shaped like
 * {@code ibv_poll_cq}) costs from Java, by each route JNA offers, all to the same address read
 * from a function-pointer table, as the data-path verbs are. No RDMA device is needed. The C
 * floor, the same call from C, is measured by {@code cfloor.c}; the JDK's own downcall by
 * {@code ForeignBenchmark} on JDK 22 and later.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DataPathBenchmark {
    /** Where bench/datapath.sh built libtrivial.so. */
    static final String LIBRARY = System.getProperty("bench.trivial", "bench/target/libtrivial.so");
    /** Held for the JVM's lifetime: a NativeLibrary that becomes garbage is closed, and its code unmapped. */
    private static final NativeLibrary TRIVIAL = NativeLibrary.getInstance(LIBRARY);

    /** JNA direct mapping, linked to the table's address through the public symbol provider option. */
    static final class DirectPointer {
        static native int trivial(Pointer cq, int numEntries, Pointer wc);

        static void link(long address) {
            SymbolProvider fromTable = (handle, name, parent) -> address;
            Native.register(DirectPointer.class, NativeLibrary.getProcess(Map.of(Library.OPTION_SYMBOL_PROVIDER, fromTable)));
        }
    }

    /** The same with addresses as {@code long}s: no {@code Pointer} to unwrap. */
    static final class DirectLong {
        static native int trivial(long cq, int numEntries, long wc);

        static void link(long address) {
            SymbolProvider fromTable = (handle, name, parent) -> address;
            Native.register(DirectLong.class, NativeLibrary.getProcess(Map.of(Library.OPTION_SYMBOL_PROVIDER, fromTable)));
        }
    }

    private static final MethodHandle NATIVE_INVOKE_INT = nativeInvokeInt();

    private static MethodHandle nativeInvokeInt() {
        try {
            return MethodHandles.privateLookupIn(Native.class, MethodHandles.lookup()).findStatic(Native.class,
                    "invokeInt", MethodType.methodType(int.class, Function.class, long.class, int.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Memory cq;
    private Memory wc;
    private long cqAddress;
    private long wcAddress;
    private Function function;
    private long functionAddress;
    private Object[] arguments;
    private DataPath dataPath;
    private ByteBuffer view;

    @Setup
    public void setUp() {
        functionAddress = Pointer.nativeValue(TRIVIAL.getGlobalVariableAddress("trivial_ops").getPointer(0));
        function = Function.getFunction(new Pointer(functionAddress));
        cq = new Memory(64);
        wc = new Memory(64);
        cq.clear();
        wc.clear();
        cqAddress = Pointer.nativeValue(cq);
        wcAddress = Pointer.nativeValue(wc);
        arguments = new Object[] {cq, 7, wc};
        view = wc.getByteBuffer(0, wc.size()).order(ByteOrder.nativeOrder());
        link();
        dataPath = DataPath.of(fakeContext(functionAddress), "trivial");
    }

    private static boolean linked;

    private void link() {
        synchronized (DataPathBenchmark.class) {
            if (!linked) {
                DirectPointer.link(functionAddress);
                DirectLong.link(functionAddress);
                linked = true;
            }
        }
    }

    /** An {@code ibv_context} whose ops table points at the trivial function, for the chapters' own DataPath. */
    private static Pointer fakeContext(long address) {
        Memory context = new Memory(Layout.of(ibv_context.class).size());
        context.clear();
        for (String op : new String[] {"post_send", "post_recv", "poll_cq", "req_notify_cq"}) {
            context.setLong(Layout.of(ibv_context.class).offsetOf("ops." + op), address);
        }
        return context;
    }

    /** JNA's public {@code Function.invokeInt}: copies and converts the arguments on every call. */
    @Benchmark
    public int jnaFunctionInvokeInt() {
        return function.invokeInt(arguments);
    }

    /** JNA's package-private {@code Native.invokeInt}, what {@code Function} ends in: no copy. */
    @Benchmark
    public int jnaNativeInvokeInt() throws Throwable {
        return (int) NATIVE_INVOKE_INT.invokeExact(function, functionAddress, Function.C_CONVENTION, arguments);
    }

    /** JNA direct mapping with {@code Pointer} arguments. */
    @Benchmark
    public int jnaDirectMappingPointer() {
        return DirectPointer.trivial(cq, 7, wc);
    }

    /** JNA direct mapping with {@code long} arguments. */
    @Benchmark
    public int jnaDirectMappingLong() {
        return DirectLong.trivial(cqAddress, 7, wcAddress);
    }

    /** The chapters' own {@code DataPath.ibv_poll_cq}: direct mapping behind the abstract class. */
    @Benchmark
    public int chaptersDataPath() {
        return dataPath.ibv_poll_cq(cq, 7, wc);
    }

    /** Reading one completion field with {@code Pointer.getInt}: a JNI call. */
    @Benchmark
    public int readIntPointer() {
        return wc.getInt(8);
    }

    /** Reading it through a direct {@code ByteBuffer}: a plain load once compiled. */
    @Benchmark
    public int readIntByteBuffer() {
        return view.getInt(8);
    }
}
