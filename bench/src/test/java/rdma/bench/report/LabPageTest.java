package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: boots, demos and starts. */
class LabPageTest {
    @Test
    void bootsDemosAndStarts() {
        List<String> lines = new ArrayList<>(List.of("# bench/lab.sh", "# cpus: 2", "# accel: tcg", "boot 1 10.04", "boot 2 11.4",
                "boot 3 9.9",
                "demo 01-devices 22", "demo 02-pd-mr 21", "# lab jvm options: -XX:TieredStopAtLevel=1 -Dx=y",
                "# maven classes loaded: 3200", "# maven classes from its archive: 2000",
                "# program classes loaded: 2067", "# program classes from the archive: 1900",
                "start classes program 1 12.5", "start classes program 2 25"));
        for (List<String> step : LabPage.STEPS) {
            lines.addAll(List.of("start before " + step.get(0) + " 1 10", "start lab " + step.get(0) + " 1 9",
                    "start before " + step.get(0) + " 2 20", "start lab " + step.get(0) + " 2 20"));
        }

        String page = LabPage.render(RunLog.parse(lines));

        assertThat(page).startsWith("## The lab itself\n")
                .contains("and powers off, 3 times on a host of 2 CPUs with `tcg` acceleration.")
                .contains("| 3 | 10.0 s | 10.0 11.4 9.9 |")
                .contains("| Chapter | 01 | 02 |\n| --- | --- | --- |\n| seconds | 22 | 21 |\n")
                .contains("inside one lab session, 2 rounds): each step as the\nlab starts it (*lab*: the JVM options `-XX:TieredStopAtLevel=1 -Dx=y`")
                .contains("Maven started by `lab/mvn` with its classes from their archive, 2000 of the 3200 classes\nMaven loaded)")
                .contains("| step | before | lab | lab/before |")
                .contains("| `java -version`: a JVM alone | 15.0 s | 14.5 s | 0.95x (0.90x to 1.00x) |")
                .contains("| `mvn -q -o -pl 04-rc-pingpong exec:java`: the learner's command | 15.0 s | 14.5 s | 0.95x (0.90x to 1.00x) |\n")
                .contains("(1900 of the 2067 classes this start loaded came from it)")
                .endsWith("| `bin/chapter 04-rc-pingpong --demo -n 1`: a program's start, one message | 18.8 s | 14.5 s | 0.76x (0.72x to 0.80x) |\n");
    }

    @Test
    void theAppendixWhereItsCacheWasMade() {
        List<String> lines = new ArrayList<>(List.of("# bench/lab.sh", "# cpus: 2", "# accel: tcg", "boot 1 10", "demo 01-devices 22",
                "# lab jvm options: -XX:TieredStopAtLevel=1", "# maven classes loaded: 3200", "# maven classes from its archive: 2000",
                "# program classes loaded: 2067", "# program classes from the archive: 1900",
                "# appendix jdk: temurin-25-jdk-amd64", "# appendix classes loaded: 1862", "# appendix classes from its cache: 1660",
                "start classes program 1 12", "start classes appendix 1 10", "start lab appendix 1 7",
                "start classes appendix 2 12", "start lab appendix 2 9"));
        for (List<String> step : LabPage.STEPS) {
            lines.addAll(List.of("start before " + step.get(0) + " 1 10", "start lab " + step.get(0) + " 1 9"));
        }

        String page = LabPage.render(RunLog.parse(lines));

        assertThat(page).contains("The appendix, on `temurin-25-jdk-amd64`, starts from the JDK's own ahead-of-time cache")
                .contains("(1660 of the 1862 classes this start loaded came from it)")
                .endsWith("| `bin/chapter appendix-ffm pingpong --demo -n 1`: the appendix's start, one message"
                        + " | 11.0 s | 8.0 s | 0.73x (0.70x to 0.75x) |\n");
    }
}
