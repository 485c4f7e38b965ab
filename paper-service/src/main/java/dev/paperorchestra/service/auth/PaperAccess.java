package dev.paperorchestra.service.auth;

import dev.paperorchestra.schemas.Tenants;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.service.status.PaperViews;
import dev.paperorchestra.service.status.UnknownPaperException;
import java.util.function.Predicate;

/**
 * Who sees which paper. A paper belongs to the tenant that submitted it; its principals see it, and so do
 * operators and administrators. To everyone else it does not exist: every endpoint answers 404 for it, the same
 * answer as for an id nobody used, so its existence is not given away. A principal that sees a paper but lacks the
 * role an action needs gets 403 naming the role.
 */
public final class PaperAccess {

    private final PaperViews views;

    public PaperAccess(PaperViews views) {
        this.views = views;
    }

    /** @throws UnknownPaperException when there is no such paper or the caller may not see it */
    public PaperViewState find(String paperId, Caller caller) {
        return views.find(paperId).filter(visibleTo(caller)).orElseThrow(() -> new UnknownPaperException(paperId));
    }

    /**
     * The paper, when the caller sees it and has the role for what it wants to do.
     *
     * @throws UnknownPaperException when there is no such paper or the caller may not see it
     * @throws MissingRoleException  when the caller sees it but lacks the role
     */
    public PaperViewState find(String paperId, Caller caller, Role needed, String what) {
        PaperViewState view = find(paperId, caller);
        require(caller, needed, what);
        return view;
    }

    /** @throws MissingRoleException when the caller lacks the role */
    public static void require(Caller caller, Role needed, String what) {
        if (!caller.has(needed)) {
            throw new MissingRoleException(caller, needed, what);
        }
    }

    /** The papers a caller sees: its tenant's, or every one for an operator. */
    public static Predicate<PaperViewState> visibleTo(Caller caller) {
        return view -> caller.seesEveryTenant() || Tenants.of(view.getTenant()).equals(caller.tenant());
    }
}
