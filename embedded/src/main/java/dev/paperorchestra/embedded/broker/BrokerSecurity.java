package dev.paperorchestra.embedded.broker;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** How clients authenticate on the embedded broker's client listener. */
public sealed interface BrokerSecurity {

    /** No authentication: the default on 127.0.0.1. */
    BrokerSecurity NONE = new Plaintext();

    /** SASL_PLAINTEXT with the PLAIN mechanism for these users (name to password). */
    static BrokerSecurity saslPlain(Map<String, String> users) {
        return new SaslPlain(Map.copyOf(users), UUID.randomUUID().toString());
    }

    /** Name (and security protocol) of the client listener. */
    String listenerName();

    /** Broker settings the listener needs besides its name. */
    Map<String, String> brokerProperties();

    /** Client properties that authenticate as the broker's own user, for the tools started with it. */
    Map<String, String> clientProperties();

    record Plaintext() implements BrokerSecurity {

        @Override
        public String listenerName() {
            return "PLAINTEXT";
        }

        @Override
        public Map<String, String> brokerProperties() {
            return Map.of();
        }

        @Override
        public Map<String, String> clientProperties() {
            return Map.of();
        }
    }

    /**
     * @param users          every user the broker accepts, with its password
     * @param brokerPassword password of the broker's own user, which the broker logs in with to itself
     */
    record SaslPlain(Map<String, String> users, String brokerPassword) implements BrokerSecurity {

        static final String BROKER_USER = "po-broker";
        private static final String LOGIN_MODULE = "org.apache.kafka.common.security.plain.PlainLoginModule";

        /** Client properties that log in as one user, e.g. as {@code po.kafka.properties.*}. */
        public static Map<String, String> clientProperties(String user, String password) {
            Map<String, String> properties = new LinkedHashMap<>();
            properties.put("security.protocol", "SASL_PLAINTEXT");
            properties.put("sasl.mechanism", "PLAIN");
            properties.put("sasl.jaas.config", LOGIN_MODULE + " required username=\"" + user + "\" password=\""
                    + password + "\";");
            return properties;
        }

        @Override
        public String listenerName() {
            return "SASL_PLAINTEXT";
        }

        @Override
        public Map<String, String> brokerProperties() {
            StringBuilder jaas = new StringBuilder(LOGIN_MODULE).append(" required username=\"").append(BROKER_USER)
                    .append("\" password=\"").append(brokerPassword).append("\" user_").append(BROKER_USER)
                    .append("=\"").append(brokerPassword).append('"');
            users.forEach((user, password) -> jaas.append(" user_").append(user).append("=\"").append(password)
                    .append('"'));
            Map<String, String> properties = new HashMap<>();
            properties.put("sasl.enabled.mechanisms", "PLAIN");
            properties.put("sasl.mechanism.inter.broker.protocol", "PLAIN");
            properties.put("listener.name.sasl_plaintext.plain.sasl.jaas.config", jaas.append(';').toString());
            return properties;
        }

        @Override
        public Map<String, String> clientProperties() {
            return clientProperties(BROKER_USER, brokerPassword);
        }

        @Override
        public String toString() {
            return "SaslPlain[users=" + users.keySet() + "]";
        }
    }
}
