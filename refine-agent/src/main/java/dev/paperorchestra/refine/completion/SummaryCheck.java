package dev.paperorchestra.refine.completion;

/**
 * One verdict of summary.json's "checks".
 *
 * @param name   what was checked
 * @param passed whether it held
 * @param detail the numbers behind the verdict
 */
public record SummaryCheck(String name, boolean passed, String detail) {
}
