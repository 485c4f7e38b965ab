package dev.paperorchestra.outline.schema;

import java.util.List;

/** The aspect ratios a planned figure may have (SPEC.md step 1); the schema's enum says the same. */
public final class AspectRatios {

    /** For bean validation of configured defaults; must list exactly {@link #ALLOWED}. */
    public static final String PATTERN = "1:1|1:4|2:3|3:2|3:4|4:1|4:3|4:5|5:4|9:16|16:9|21:9";

    public static final List<String> ALLOWED = List.of(PATTERN.split("\\|"));

    /** For tables with many rows, which read better wide. */
    public static final String WIDE = "16:9";

    private AspectRatios() {
    }
}
