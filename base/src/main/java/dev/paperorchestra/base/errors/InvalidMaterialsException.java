package dev.paperorchestra.base.errors;

/** The materials cannot be used; the message names the file and the problem. */
public class InvalidMaterialsException extends PermanentException {

    private final String file;
    private final String problem;

    public InvalidMaterialsException(String file, String problem) {
        super(file + ": " + problem);
        this.file = file;
        this.problem = problem;
    }

    public String file() {
        return file;
    }

    /** What is wrong, without the file name. */
    public String problem() {
        return problem;
    }
}
