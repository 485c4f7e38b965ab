package dev.paperorchestra.cli.run;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --start-timeout}: how long the commands that start the embedded pipeline ({@code run}, {@code bench})
 * give its Kafka broker to come up. Declared once here so both name it the same way, and so a start that fails
 * tells the user which setting to raise.
 */
public final class BrokerStartOption {

    /** The environment variable that sets the default of {@code --start-timeout}. */
    public static final String ENV = "PO_START_TIMEOUT";
    /** The system property that sets it too ({@code PO_JAVA_OPTS=-Dpo.start-timeout=PT10M}), before the variable. */
    public static final String PROPERTY = "po.start-timeout";
    /**
     * Long enough for a loaded 2-core machine: there the broker has been seen to need over three minutes while
     * other JVMs compiled and tested beside it.
     */
    public static final String DEFAULT = "PT5M";

    @Option(names = "--start-timeout", paramLabel = "DURATION", defaultValue = "${sys:" + PROPERTY + ":-${env:" + ENV + ":-" + DEFAULT + "}}",
            converter = BrokerStartOption.Positive.class,
            description = "How long the embedded Kafka broker may take to start, ISO-8601 such as PT10M "
                    + "(default: ${DEFAULT-VALUE}; " + ENV + " or -D" + PROPERTY + ").")
    Duration startTimeout = Duration.parse(DEFAULT);

    public Duration timeout() {
        return startTimeout;
    }

    /** Refuses what is not a positive ISO-8601 duration, so picocli reports it as bad input naming the option. */
    static final class Positive implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static Duration parse(String text) {
        Duration duration;
        try {
            duration = Duration.parse(text.strip());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--start-timeout (" + ENV + "): '" + text
                    + "' is not an ISO-8601 duration such as PT5M");
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("--start-timeout (" + ENV + "): " + text + " is not positive");
        }
        return duration;
    }

    /**
     * What to tell the user when the pipeline did not start within {@code timeout}: the cause the broker gave
     * (the innermost message, not only "not ready") and the setting that gives it longer.
     */
    public static String failure(Throwable failure, Duration timeout) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = String.valueOf(failure.getMessage());
        String why = cause == failure || message.contains(String.valueOf(cause.getMessage())) ? message
                : message + " (cause: " + cause.getClass().getSimpleName()
                        + (cause.getMessage() == null ? "" : ": " + cause.getMessage()) + ")";
        return "the embedded Kafka broker did not start: " + why + "; on a busy machine give it longer than "
                + timeout + " with --start-timeout (or " + ENV + "), e.g. --start-timeout PT10M";
    }

    /** A failed start, worded by {@link #failure}; {@code po} prints it as one line and exits 1. */
    public static final class StartFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public StartFailure(Throwable failure, Duration timeout) {
            super(failure(failure, timeout), failure);
        }
    }
}
