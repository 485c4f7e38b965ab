package dev.paperorchestra.runtime.figures;

/**
 * Thrown inside a bounded parse when a figure breaks one of our rules (too many pixels, wrong format): its
 * message is a fixed reason of ours, safe to show anywhere, unlike a parser's own message.
 */
final class RejectedFigureException extends Exception {

    private static final long serialVersionUID = 1L;

    RejectedFigureException(String reason) {
        super(reason, null, false, false);
    }
}
