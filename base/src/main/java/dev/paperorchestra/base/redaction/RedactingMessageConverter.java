package dev.paperorchestra.base.redaction;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/** Logback's {@code %msg} with credentials redacted (register as the {@code msg} conversion word). */
public final class RedactingMessageConverter extends MessageConverter {

    @Override
    public String convert(ILoggingEvent event) {
        return Redaction.redact(super.convert(event));
    }
}
