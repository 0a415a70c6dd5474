package rdma.memory.pdmr;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.memory.MemoryLimits;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.memory.c.Access;
import rdma.support.CEnum;
import rdma.support.Cli;
import rdma.support.ResourceStack;
import rdma.support.VerbsException;

/**
 * Chapter 02: allocates a protection domain, registers buffers with the access flags asked for,
 * prints their keys, shows the one access rule the kernel enforces, and measures what
 * registration costs.
 */
@Command(name = "02-pd-mr", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Allocate a protection domain, register memory, and see what registration costs.")
public final class PdMrMain extends Cli.Program {
    static final List<Integer> DEFAULT_ACCESS = List.of(
            CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE),
            CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_WRITE, Access.IBV_ACCESS_REMOTE_READ));

    @Option(names = {"-d", "--ib-dev"}, paramLabel = "<dev>", description = "use IB device <dev> (default first device found)")
    String ibDev;

    @Option(names = {"-s", "--size"}, paramLabel = "<size>", description = "size of each buffer in bytes (default ${DEFAULT-VALUE})")
    long size = 4096;

    @Option(names = {"-a", "--access"}, paramLabel = "<flags>", converter = AccessConverter.class,
            description = "register a buffer with these flags: comma-separated local-write, remote-write,"
                    + " remote-read, remote-atomic, or none; repeat for more buffers"
                    + " (default: local-write, and local-write,remote-write,remote-read)")
    List<Integer> access = new ArrayList<>();


    PdMrMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(PdMrMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(PdMrMain::new, args, out, err);
    }

    /** Turns "local-write,remote-read" into access bits, or says which flags exist. */
    static final class AccessConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                return Access.parse(value);
            } catch (IllegalArgumentException unknown) {
                throw new TypeConversionException(unknown.getMessage());
            }
        }
    }

    @Override
    public Integer call() {
        if (size < 1) {
            throw new ParameterException(spec.commandLine(), "-s/--size must be at least 1 byte");
        }
        List<Integer> accessSets = access.isEmpty() ? DEFAULT_ACCESS : access;
        try (DeviceList list = DeviceList.open();
             DeviceContext context = DeviceContext.open(list.select(ibDev));
             ProtectionDomain pd = ProtectionDomain.allocate(context)) {
            out.printf("%s: ibv_alloc_pd: protection domain ready%n%n", context.device().name());
            registerAndPrint(pd, accessSets);
            showRemoteWriteNeedsLocalWrite(pd);
            showRegistrationCost(pd);
        }
        return 0;
    }

    private void registerAndPrint(ProtectionDomain pd, List<Integer> accessSets) {
        out.printf("ibv_reg_mr: %d bytes each, in page-aligned native memory%n", size);
        // MRs are deregistered before their PD, newest first, as try-with-resources would.
        try (ResourceStack regions = new ResourceStack()) {
            for (int flags : accessSets) {
                MemoryRegion region = regions.push(MemoryRegion.register(pd, size, flags));
                out.printf("  access %s%n", Access.describe(flags));
                out.printf("    addr 0x%016x  length %d  lkey 0x%08x  rkey 0x%08x%n",
                        region.address(), region.length(), region.lkey(), region.rkey());
            }
        }
        out.println("  The lkey stays here: it goes into this side's own work requests (ibv_sge.lkey).");
        out.println("  The rkey travels to the peer with the address: both are needed to RDMA-read or -write a region.");
        out.println();
    }

    private void showRemoteWriteNeedsLocalWrite(ProtectionDomain pd) {
        out.println("ibv_reg_mr with REMOTE_WRITE but without LOCAL_WRITE must fail:");
        try (MemoryRegion accepted = MemoryRegion.register(pd, size, Access.IBV_ACCESS_REMOTE_WRITE.value())) {
            out.printf("  it did not: %s accepted it (rkey 0x%08x)%n%n", pd.context().device().name(), accepted.rkey());
        } catch (VerbsException refused) {
            out.printf("  %s%n%n", refused.getMessage());
        }
    }

    private void showRegistrationCost(ProtectionDomain pd) {
        OptionalLong limit = MemoryLimits.memlockBytes();
        out.printf("What registration costs (ibv_reg_mr + ibv_dereg_mr of one buffer, %s; locked-memory limit: %s):%n",
                Access.describe(DEFAULT_ACCESS.get(1)), MemoryLimits.describe(limit));
        RegistrationCost.table(RegistrationCost.measure(pd, DEFAULT_ACCESS.get(1), limit)).forEach(out::println);
        out.println("Register once and reuse the region for every message; never register per message.");
    }
}
