package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class BrokerStartOptionTest {

    @Command(name = "starter")
    static final class Starter implements Runnable {
        @Mixin
        BrokerStartOption brokerStart = new BrokerStartOption();

        @Override
        public void run() {
        }
    }

    @Test
    void without_the_option_the_broker_gets_five_minutes_unless_the_environment_says_otherwise() {
        Starter starter = new Starter();
        new CommandLine(starter).parseArgs();

        Duration expected = System.getProperty(BrokerStartOption.PROPERTY) != null
                ? Duration.parse(System.getProperty(BrokerStartOption.PROPERTY))
                : System.getenv(BrokerStartOption.ENV) == null ? Duration.ofMinutes(5)
                : Duration.parse(System.getenv(BrokerStartOption.ENV));
        assertThat(starter.brokerStart.timeout()).isEqualTo(expected);
    }

    @Test
    void the_system_property_sets_the_default_before_the_environment() {
        String before = System.getProperty(BrokerStartOption.PROPERTY);
        System.setProperty(BrokerStartOption.PROPERTY, "PT7M");
        try {
            Starter starter = new Starter();
            new CommandLine(starter).parseArgs();

            assertThat(starter.brokerStart.timeout()).isEqualTo(Duration.ofMinutes(7));
        } finally {
            if (before == null) {
                System.clearProperty(BrokerStartOption.PROPERTY);
            } else {
                System.setProperty(BrokerStartOption.PROPERTY, before);
            }
        }
    }

    @Test
    void the_option_takes_an_iso_duration() {
        Starter starter = new Starter();
        new CommandLine(starter).parseArgs("--start-timeout", "PT10M");

        assertThat(starter.brokerStart.timeout()).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void a_duration_that_is_not_one_or_not_positive_is_bad_input_naming_the_option() {
        for (String bad : new String[] {"5m", "PT0S", "-PT1M"}) {
            StringWriter err = new StringWriter();
            int exit = new CommandLine(new Starter()).setErr(new PrintWriter(err))
                    .execute("--start-timeout", bad);

            assertThat(exit).as(bad).isEqualTo(2);
            assertThat(err.toString()).as(bad).contains("--start-timeout").contains(BrokerStartOption.ENV);
        }
    }

    @Test
    void a_failed_start_names_its_cause_and_the_setting_to_raise() {
        RuntimeException failure = new IllegalStateException("Kafka broker on 127.0.0.1:4000 failed to start: "
                + "not ready within PT0.001S", new TimeoutException("Timed out waiting for a node assignment"));

        String message = BrokerStartOption.failure(failure, Duration.ofMillis(1));

        assertThat(message).contains("not ready within PT0.001S")
                .contains("TimeoutException: Timed out waiting for a node assignment")
                .contains("--start-timeout").contains(BrokerStartOption.ENV).contains("PT0.001S");
    }
}
