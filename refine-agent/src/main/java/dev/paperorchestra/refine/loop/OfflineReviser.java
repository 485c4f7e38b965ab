package dev.paperorchestra.refine.loop;

import dev.paperorchestra.gateway.ModelMode;
import java.util.List;

/**
 * The reviser without a model. Rewriting prose needs a model, so it returns the same LaTeX and says so; it
 * claims no addressed weakness. Under the acceptance rule the unchanged version ties (sub-axes +0) and is
 * kept, so an offline loop runs to the iteration limit.
 */
public final class OfflineReviser implements Reviser {

    public static final String UNCHANGED = "offline mode: no model revision; the version is unchanged";

    @Override
    public Revision revise(RevisionInput input) {
        return new Revision(input.tex(), List.of(), List.of(), List.of(UNCHANGED), ModelMode.OFFLINE_LABEL);
    }
}
