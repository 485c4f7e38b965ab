package dev.paperorchestra.runtime.errors;

/** The materials cannot be used; the message names the file and the problem. */
public class InvalidMaterialsException extends PermanentException {

    private final String file;

    public InvalidMaterialsException(String file, String problem) {
        super(file + ": " + problem);
        this.file = file;
    }

    public String file() {
        return file;
    }
}
