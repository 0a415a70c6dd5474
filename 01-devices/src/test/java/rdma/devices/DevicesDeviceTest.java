package rdma.devices;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import rdma.testsupport.ExternalCommand;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/** The Java program against rdma-core's ibv_devices and ibv_devinfo, on the same real device. */
@RequiresDevice
class DevicesDeviceTest {
    private static final String UTILS_HINT = "apt-get install ibverbs-utils";

    /**
     * What ibv_devinfo -v prints from {@code ibv_query_device_ex} and the context, which this
     * chapter does not query; every other field must be printed, and equal.
     */
    private static final Set<String> EXTENDED_ONLY = Set.of("general_odp_caps", "rc_odp_caps",
            "uc_odp_caps", "ud_odp_caps", "xrc_odp_caps", "completion_timestamp_mask not supported",
            "completion timestamp_mask", "core clock not supported", "hca_core_clock",
            "raw packet caps", "device_cap_flags_ex", "tso_caps", "max_tso", "supported_qp",
            "rss_caps", "max_rwq_indirection_tables", "max_rwq_indirection_table_size",
            "rx_hash_function", "rx_hash_fields_mask", "max_wq_type_rq", "packet_pacing_caps",
            "qp_rate_limit_min", "qp_rate_limit_max", "tag matching not supported",
            "max_rndv_hdr_size", "max_num_tags", "max_ops", "flags", "cq moderation caps",
            "max_cq_count", "max_cq_period", "maximum available device memory", "num_comp_vectors");

    private static String c(String... command) throws Exception {
        return ExternalCommand.output(List.of(command), UTILS_HINT);
    }

    private static ProgramRun java(String... args) {
        return ProgramRun.of(DevicesMain::run, args);
    }

    @AfterEach
    void everyContextIsClosed() {
        assertThat(DeviceContext.openCount()).isZero();
    }

    @Test
    void printsExactlyWhatIbvDevicesAndIbvDevinfoPrint() throws Exception {
        ProgramRun run = java();

        assertThat(run.exitCode()).isZero();
        assertThat(run.stderr()).isEmpty();
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
    void verboseOutputMatchesIbvDevinfoVerboseFieldByField() throws Exception {
        ProgramRun run = java("-v");
        assertThat(run.exitCode()).isZero();

        Map<String, String> javaFields = fields(run.stdout());
        Map<String, String> cFields = fields(c("ibv_devinfo", "-v"));

        assertThat(javaFields).as("fields of 01-devices -v").isNotEmpty();
        for (Map.Entry<String, String> field : javaFields.entrySet()) {
            assertThat(cFields.get(field.getKey())).as(field.getKey()).isEqualTo(field.getValue());
        }
        List<String> missing = new ArrayList<>();
        for (String key : cFields.keySet()) {
            if (!javaFields.containsKey(key) && !EXTENDED_ONLY.contains(key.substring(key.lastIndexOf('/') + 1))) {
                missing.add(key);
            }
        }
        assertThat(missing).as("ibv_devinfo -v fields that 01-devices -v does not print").isEmpty();
        assertThat(javaFields.keySet()).as("the GID table is printed").anyMatch(key -> key.contains("/GID["));
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
     * A user who may not open {@code /dev/infiniband/uverbs*}: in the lab (where we are root and
     * the device files are the guest's own) the files are made root-only for a moment and the
     * program is run as nobody, with a copy of its classpath that nobody can read.
     */
    @Test
    void permissionDeniedOnTheUverbsDeviceIsOneLine() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue("1".equals(System.getenv("RDMA_LAB")),
                "changes the device files' permissions: only inside the lab");
        java.nio.file.Path copy = java.nio.file.Files.createTempDirectory("classpath");
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            java.nio.file.Path source = java.nio.file.Path.of(entry);
            java.nio.file.Path target = copy.resolve(entries.size() + "-" + source.getFileName());
            copyTree(source, target);
            entries.add(target.toString());
        }
        java.nio.file.Path jnaTemp = java.nio.file.Files.createDirectories(copy.resolve("jna-tmp"));
        ExternalCommand.run(null, List.of("chmod", "-R", "a+rX", copy.toString()), "coreutils");
        ExternalCommand.run(null, List.of("chmod", "1777", jnaTemp.toString()), "coreutils");
        List<java.nio.file.Path> uverbs;
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of("/dev/infiniband"))) {
            uverbs = files.filter(file -> file.getFileName().toString().startsWith("uverbs")).toList();
        }
        assertThat(uverbs).isNotEmpty();
        ExternalCommand run;
        try {
            for (java.nio.file.Path file : uverbs) {
                ExternalCommand.run(null, List.of("chmod", "600", file.toString()), "coreutils");
            }
            run = ExternalCommand.run(null, List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                    java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Djna.tmpdir=" + jnaTemp, "-cp", String.join(java.io.File.pathSeparator, entries),
                    DevicesMain.class.getName()), "apt-get install util-linux");
        } finally {
            for (java.nio.file.Path file : uverbs) {
                ExternalCommand.run(null, List.of("chmod", "666", file.toString()), "coreutils");
            }
        }

        List<String> errors = run.stderr().lines().filter(line -> !line.startsWith("Picked up JAVA_TOOL_OPTIONS")).toList();
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(errors).hasSize(1);
        // With udev's /dev/char links (the lab makes them) libibverbs reports EACCES after a 5 s retry.
        assertThat(errors.get(0)).startsWith("01-devices: ibv_open_device(")
                .contains("failed: Permission denied (errno 13). No permission on /dev/infiniband/uverbs*");
    }

    private static void copyTree(java.nio.file.Path source, java.nio.file.Path target) throws java.io.IOException {
        if (!java.nio.file.Files.isDirectory(source)) {
            java.nio.file.Files.copy(source, target);
            return;
        }
        try (var paths = java.nio.file.Files.walk(source)) {
            for (java.nio.file.Path path : paths.toList()) {
                java.nio.file.Path destination = target.resolve(source.relativize(path).toString());
                if (java.nio.file.Files.isDirectory(path)) {
                    java.nio.file.Files.createDirectories(destination);
                } else {
                    java.nio.file.Files.copy(path, destination);
                }
            }
        }
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
