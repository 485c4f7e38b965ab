package dev.paperorchestra.embedded.pipeline;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.joran.util.ConfigurationWatchListUtil;
import java.net.URL;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * The pipeline's JVM logs to one file, configured once before anything starts. Each agent is a Spring
 * application, and Spring Boot resets logging whenever one starts: while the broker and the agents already
 * running keep logging, that reset leaves a moment without appenders, which logback reports as "No appenders
 * present" on the console the po command owns. So the file is chosen here, logback is configured for it while
 * nothing else runs, and Spring is told to leave logging alone.
 */
final class PipelineLogging {

    /** Spring Boot's switch for its logging system ({@code LoggingSystem.SYSTEM_PROPERTY}); "none" disables it. */
    static final String SPRING_LOGGING_SYSTEM = "org.springframework.boot.logging.LoggingSystem";

    private PipelineLogging() {
    }

    /**
     * Points the configuration's {@code PO_LOG_FILE} at {@code logFile}, reloads the logback configuration the
     * JVM started with (so the file takes effect), and keeps Spring from re-initialising logging afterwards.
     */
    static void takeOver(Path logFile) {
        System.setProperty("PO_LOG_FILE", logFile.toString());
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            URL configuration = configuration(context);
            if (configuration != null) {
                context.reset();
                JoranConfigurator configurator = new JoranConfigurator();
                configurator.setContext(context);
                try {
                    configurator.doConfigure(configuration);
                } catch (JoranException e) {
                    throw new IllegalStateException("the logging configuration " + configuration
                            + " cannot be reloaded", e);
                }
            }
        }
        bridgeJavaUtilLogging();
        System.setProperty(SPRING_LOGGING_SYSTEM, "none");
    }

    /**
     * Tomcat and the OpenTelemetry SDK log through java.util.logging, whose default handler writes to stderr: the
     * po command's console. Spring Boot would bridge it to logback, but it is told to leave logging alone here, so
     * the bridge is installed once by hand and java.util.logging's own console handler removed.
     */
    private static void bridgeJavaUtilLogging() {
        if (!SLF4JBridgeHandler.isInstalled()) {
            SLF4JBridgeHandler.removeHandlersForRootLogger();
            SLF4JBridgeHandler.install();
        }
    }

    /**
     * The configuration to load: Spring Boot's {@code logging.config} when set (as Spring would have loaded it for
     * each agent), else the file logback configured itself from (its watch list when it kept one, else the first
     * file it looks for).
     */
    private static @Nullable URL configuration(LoggerContext context) {
        ClassLoader loader = PipelineLogging.class.getClassLoader();
        String configured = System.getProperty("logging.config", System.getenv("LOGGING_CONFIG"));
        if (configured != null && !configured.isBlank()) {
            URL url = configured.startsWith("classpath:") ? loader.getResource(configured.substring(10))
                    : toUrl(configured);
            if (url == null) {
                throw new IllegalStateException("logging.config " + configured + " does not exist");
            }
            return url;
        }
        URL watched = ConfigurationWatchListUtil.getMainWatchURL(context);
        if (watched != null) {
            return watched;
        }
        URL test = loader.getResource("logback-test.xml");
        return test != null ? test : loader.getResource("logback.xml");
    }

    private static URL toUrl(String location) {
        try {
            return location.contains(":/") ? java.net.URI.create(location).toURL()
                    : Path.of(location).toAbsolutePath().toUri().toURL();
        } catch (java.net.MalformedURLException | IllegalArgumentException e) {
            throw new IllegalStateException("logging.config " + location + " is not a file or URL", e);
        }
    }
}
