package dev.paperorchestra.gateway.provider;

/** One message of a conversation after the system prompt: the user's or the model's. */
public record ChatTurn(Speaker speaker, String text) {

    public enum Speaker { USER, MODEL }

    public static ChatTurn user(String text) {
        return new ChatTurn(Speaker.USER, text);
    }

    public static ChatTurn model(String text) {
        return new ChatTurn(Speaker.MODEL, text);
    }
}
