package dev.paperorchestra.runtime;

/**
 * Who is running: the agent's name ({@code spring.application.name}, also its consumer group) and the stage
 * it reports on paper-status.
 */
public record AgentIdentity(String name, String stage) {
}
