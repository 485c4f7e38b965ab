package dev.paperorchestra.service.approval;

import dev.paperorchestra.service.api.PaperResponses;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.service.auth.Caller;
import dev.paperorchestra.service.auth.PaperAccess;
import dev.paperorchestra.service.auth.Role;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * HTTP wiring of the approval gates: what a waiting paper's gate holds (for anyone who sees the paper), and the
 * decision that resumes or ends it (the approve role).
 */
@RestController
@RequestMapping("/papers/{id}/approvals")
class ApprovalController {

    /** Largest approval body read: an outline with its edits is a few kilobytes. */
    static final int MAX_BODY = 1024 * 1024;

    private final ApprovalDesk desk;
    private final PaperAccess access;

    ApprovalController(ApprovalDesk desk, PaperAccess access) {
        this.desk = desk;
        this.access = access;
    }

    /** The artifact to approve (outline.json for the outline gate), as stored. */
    @GetMapping("/{stage}")
    ResponseEntity<byte[]> pending(@PathVariable String id, @PathVariable String stage, Caller caller) {
        access.find(id, caller);
        ApprovalDesk.Pending pending = desk.pending(id, stage);
        return ResponseEntity.ok().contentType(MediaType.parseMediaType(pending.approval().getArtifact()
                .getMediaType())).header("X-Approval-Deadline", pending.approval().getDeadline().toString())
                .body(pending.content());
    }

    @PutMapping(path = "/{stage}", consumes = MediaType.APPLICATION_JSON_VALUE)
    PaperResponses.Paper decide(@PathVariable String id, @PathVariable String stage, HttpServletRequest http,
            Caller caller) throws IOException {
        access.find(id, caller, Role.APPROVE, "deciding at an approval gate");
        ApprovalRequest request = Json.mapper().readValue(body(http), ApprovalRequest.class);
        return PaperResponses.paper(desk.decide(id, stage, request, caller), null);
    }

    /** The body, read only up to its limit: an outline is a few kilobytes, so a large body is refused unread. */
    private static byte[] body(HttpServletRequest http) throws IOException {
        long declared = http.getContentLengthLong();
        if (declared > MAX_BODY) {
            throw new IllegalArgumentException("an approval body is at most " + MAX_BODY + " bytes");
        }
        try (InputStream in = http.getInputStream()) {
            byte[] body = in.readNBytes(MAX_BODY + 1);
            if (body.length > MAX_BODY) {
                throw new IllegalArgumentException("an approval body is at most " + MAX_BODY + " bytes");
            }
            return body;
        }
    }
}
