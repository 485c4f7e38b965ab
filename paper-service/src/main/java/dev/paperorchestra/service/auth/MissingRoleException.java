package dev.paperorchestra.service.auth;

/** The principal may see the paper (or the page) but lacks the role the request needs: a 403 naming both. */
public class MissingRoleException extends RuntimeException {

    public MissingRoleException(Caller caller, Role needed, String what) {
        super(what + " needs the " + needed.label() + " role; " + caller.name() + " (tenant " + caller.tenant()
                + ") has " + caller.roleLabels());
    }
}
