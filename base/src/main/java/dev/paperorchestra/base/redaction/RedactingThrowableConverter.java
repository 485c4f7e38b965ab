package dev.paperorchestra.base.redaction;

import ch.qos.logback.classic.pattern.ExtendedThrowableProxyConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * Logback's stack traces with every exception message of the chain redacted (an error body that echoes a key
 * is often in a cause's message). Register it and use it in the pattern, so Logback adds no unredacted one.
 */
public final class RedactingThrowableConverter extends ExtendedThrowableProxyConverter {

    @Override
    public String convert(ILoggingEvent event) {
        return Redaction.redact(super.convert(event));
    }
}
