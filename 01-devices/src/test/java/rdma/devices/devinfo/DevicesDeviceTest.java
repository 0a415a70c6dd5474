package rdma.devices.devinfo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import rdma.support.Cli;
import rdma.testsupport.ExternalCommand;
import rdma.testsupport.Prerequisite;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;
import rdma.testsupport.Unprivileged;

/** The Java program against rdma-core's ibv_devices and ibv_devinfo, on the same real device. */
@RequiresDevice
class DevicesDeviceTest {
    private static final String UTILS_HINT = "apt-get install ibverbs-utils";

    private static String c(String... command) throws Exception {
        return ExternalCommand.output(List.of(command), UTILS_HINT);
    }

    private static ProgramRun java(String... args) {
        return ProgramRun.of(DevicesMain::run, args);
    }

    @Test
    void printsExactlyWhatIbvDevicesAndIbvDevinfoPrint() throws Exception {
        ProgramRun run = java();

        run.assertSucceeded();
        String expected = c("ibv_devices") + "\n" + c("ibv_devinfo");
        assertThat(run.stdout()).startsWith(expected);
        assertThat(run.stdout().substring(expected.length()))
                .startsWith("IPv4-mapped RoCE v2 GIDs (later chapters take the index as -g/--gid-idx):\n");
    }

    @Test
    void oneDeviceAndOnePortAsIbvDevinfoPrintsThem() throws Exception {
        String last = lastDeviceName();

        ProgramRun run = java("-d", last, "-i", "1");

        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains(c("ibv_devinfo", "-d", last, "-i", "1"));
    }

    @Test
    void verboseOutputIsExactlyWhatIbvDevinfoVerbosePrints() throws Exception {
        ProgramRun run = java("-v");

        run.assertSucceeded();
        String expected = c("ibv_devices") + "\n" + c("ibv_devinfo", "-v");
        assertThat(run.stdout().substring(0, Math.min(run.stdout().length(), expected.length()))).isEqualTo(expected);
        assertThat(run.stdout().substring(expected.length()))
                .startsWith("IPv4-mapped RoCE v2 GIDs (later chapters take the index as -g/--gid-idx):\n");
        assertThat(run.stdout()).as("the extended block and the GID table").contains("\tnum_comp_vectors:\t\t", "\t\t\tGID[");
    }

    @Test
    void namesTheIpv4MappedRoceV2GidOfEachEthernetPort() throws Exception {
        ProgramRun run = java();
        Map<String, String> cFields = fields(c("ibv_devinfo", "-v"));

        Matcher note = Pattern.compile("\t(\\S+) port (\\d+): GID index (\\d+) \\((\\S+)\\)").matcher(run.stdout());
        int notes = 0;
        while (note.find()) {
            notes++;
            String key = note.group(1) + "/port " + note.group(2) + "/" + String.format("GID[%3d]", Integer.parseInt(note.group(3)));
            assertThat(cFields.get(key)).as(key).isEqualTo(note.group(4) + ", RoCE v2");
            assertThat(note.group(4)).startsWith("::ffff:");
            String labIndex = System.getenv("RDMA_LAB_GID_INDEX");
            if (labIndex != null) {
                assertThat(note.group(3)).as("the lab's RDMA_LAB_GID_INDEX").isEqualTo(labIndex);
            }
        }
        boolean anyEthernet = cFields.entrySet().stream()
                .anyMatch(field -> field.getKey().endsWith("/link_layer") && field.getValue().equals("Ethernet"));
        assertThat(notes > 0).as("a GID note for the Ethernet ports").isEqualTo(anyEthernet);
    }

    @Test
    void anUnknownDeviceIsOneLineThatListsTheDevices() throws Exception {
        ProgramRun run = java("-d", "no_such_device0");

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).hasLineCount(1)
                .startsWith("01-devices: -d/--ib-dev no_such_device0: IB device 'no_such_device0' wasn't found. Devices here: ")
                .contains(lastDeviceName());
    }

    @Test
    void aPortOutOfRangeIsOneLineAndPrintsNothingElse() {
        ProgramRun run = java("-i", "200");

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).hasLineCount(1)
                .contains("port 200 is out of range", "Pass -i/--ib-port between 1 and ");
    }

    /**
     * A user who may not open {@code /dev/infiniband/uverbs*}: in the lab the device files are
     * made root-only for a moment and the program is run as nobody. With udev's /dev/char links
     * (the lab makes them), libibverbs retries for 5 s before it reports EACCES, as the README says.
     */
    @Test
    void permissionDeniedOnTheUverbsDeviceIsOneLineAfterLibibverbsRetries() throws Exception {
        Prerequisite.require(Unprivileged.available(), "changes the device files' permissions: only inside the lab");
        List<Path> uverbs;
        try (var files = Files.list(Path.of("/dev/infiniband"))) {
            uverbs = files.filter(file -> file.getFileName().toString().startsWith("uverbs")).toList();
        }
        assertThat(uverbs).isNotEmpty();
        ExternalCommand run;
        long start = System.nanoTime();
        try {
            for (Path file : uverbs) {
                ExternalCommand.run(null, List.of("chmod", "600", file.toString()), "coreutils");
            }
            run = Unprivileged.run(DevicesMain.class, List.of());
        } finally {
            for (Path file : uverbs) {
                ExternalCommand.run(null, List.of("chmod", "666", file.toString()), "coreutils");
            }
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1).startsWith("01-devices: ibv_open_device(")
                .contains("failed: Permission denied (errno 13). No permission on /dev/infiniband/uverbs*");
        assertThat(seconds).as("seconds until the error, libibverbs' retry included").isGreaterThanOrEqualTo(5);
    }

    private static String lastDeviceName() throws Exception {
        List<String> names = new ArrayList<>();
        Matcher hca = Pattern.compile("(?m)^hca_id:\t(\\S+)$").matcher(c("ibv_devinfo"));
        while (hca.find()) {
            names.add(hca.group(1));
        }
        assertThat(names).isNotEmpty();
        return names.get(names.size() - 1);
    }

    private static final Pattern FIELD = Pattern.compile("^\t*([^\t:][^:]*?):(?:\t+(.*))?$");

    /**
     * ibv_devinfo's report as "device/port N/field" to value. Lines of five tabs are the names of
     * set flags and are appended to the field above them.
     */
    static Map<String, String> fields(String report) {
        Map<String, String> fields = new LinkedHashMap<>();
        String device = null;
        String port = null;
        String lastKey = null;
        for (String line : report.split("\n")) {
            if (line.isBlank() || line.startsWith("    ")) {
                continue; // blank lines, and the ibv_devices table
            }
            if (line.startsWith("\t\t\t\t\t") && lastKey != null) {
                fields.merge(lastKey, line.strip(), (before, flag) -> before + " | " + flag);
                continue;
            }
            if (line.startsWith("IPv4-mapped RoCE v2 GIDs")) {
                break; // this chapter's own notes, not ibv_devinfo's
            }
            Matcher field = FIELD.matcher(line);
            String name = field.matches() ? field.group(1) : line.strip();
            String value = field.matches() && field.group(2) != null ? field.group(2) : "";
            if (name.equals("hca_id")) {
                device = value;
                port = null;
                continue;
            }
            if (name.equals("port")) {
                port = value;
                continue;
            }
            lastKey = device + (port == null ? "" : "/port " + port) + "/" + name;
            fields.put(lastKey, value);
        }
        return fields;
    }
}
