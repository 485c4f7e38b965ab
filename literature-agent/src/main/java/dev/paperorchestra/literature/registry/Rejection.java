package dev.paperorchestra.literature.registry;

/** A candidate that did not enter the pool, and the rule that kept it out. */
public record Rejection(String title, String query, String reason) {
}
