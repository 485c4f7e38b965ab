/**
 * Credentials never leave the process: one redaction step for every text that reaches a log, the console, an
 * event, a DLT header or an output file, and the Logback converters that apply it to every log line.
 */
@NullMarked
package dev.paperorchestra.base.redaction;

import org.jspecify.annotations.NullMarked;
