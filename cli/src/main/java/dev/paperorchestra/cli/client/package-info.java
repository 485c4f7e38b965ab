/**
 * {@code po submit/status/watch/fetch/cancel}: the cli as a client of a running paper service (a deployment, or
 * {@code po serve}), over HTTP with the JDK client.
 */
@NullMarked
package dev.paperorchestra.cli.client;

import org.jspecify.annotations.NullMarked;
