package dev.paperorchestra.service.auth;

import java.net.InetAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.ConfigurableWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Without a configured token the API has no authentication, so the web server is bound to 127.0.0.1 whatever
 * {@code server.address} says: nobody else on the network can submit, read or cancel papers.
 */
public final class LoopbackOnly implements WebServerFactoryCustomizer<ConfigurableWebServerFactory>, Ordered {

    private static final Logger log = LoggerFactory.getLogger(LoopbackOnly.class);

    private final boolean enforced;

    /** @param enforced true when no token is configured */
    public LoopbackOnly(boolean enforced) {
        this.enforced = enforced;
    }

    /** After Boot's own customizer has applied {@code server.address}. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    @Override
    public void customize(ConfigurableWebServerFactory factory) {
        if (!enforced) {
            return;
        }
        factory.setAddress(InetAddress.getLoopbackAddress());
        log.warn("no po.service.tokens configured: the paper service listens on {} only",
                InetAddress.getLoopbackAddress().getHostAddress());
    }
}
