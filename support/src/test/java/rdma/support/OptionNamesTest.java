package rdma.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** One converter for every option whose values are an enum's constants, with hyphens for underscores. */
class OptionNamesTest {
    enum Failure {
        no_remote_write, wrong_rkey, past_end
    }

    static final class FailureConverter extends Cli.OptionNames<Failure> {
        FailureConverter() {
            super(Failure.class);
        }
    }

    @Test
    void eachConstantByItsOptionName() {
        assertThat(new FailureConverter().convert("wrong-rkey")).isEqualTo(Failure.wrong_rkey);
        assertThat(Cli.OptionNames.optionName(Failure.no_remote_write)).isEqualTo("no-remote-write");
    }

    @Test
    void anythingElseNamesWhatIsAccepted() {
        for (String wrong : new String[] {"none", "wrong_rkey", "WRONG-RKEY", ""}) {
            assertThatThrownBy(() -> new FailureConverter().convert(wrong)).isInstanceOf(TypeConversionException.class)
                    .hasMessage("expected no-remote-write, wrong-rkey or past-end, not '" + wrong + "'");
        }
    }
}
