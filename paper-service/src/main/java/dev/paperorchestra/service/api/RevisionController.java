package dev.paperorchestra.service.api;

import dev.paperorchestra.service.PaperServiceProperties;
import dev.paperorchestra.service.auth.Caller;
import dev.paperorchestra.service.auth.PaperAccess;
import dev.paperorchestra.service.auth.Role;
import dev.paperorchestra.service.revision.RevisionIntake;
import dev.paperorchestra.service.revision.RevisionUpload;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/**
 * HTTP wiring of POST /revisions: a paper revised from human reviews. The revision is then a paper like any other:
 * GET /papers/{id} for its state and timeline, /papers/{id}/files for its outputs. It belongs to the caller's
 * tenant.
 */
@RestController
class RevisionController {

    private final RevisionIntake intake;
    private final PaperServiceProperties properties;

    RevisionController(RevisionIntake intake, PaperServiceProperties properties) {
        this.intake = intake;
        this.properties = properties;
    }

    @PostMapping(path = "/revisions", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<PaperResponses.Accepted> submit(@RequestPart("paper") MultipartFile paper,
            @RequestPart("reviews") List<MultipartFile> reviews,
            @RequestPart(name = "materials", required = false) @Nullable MultipartFile materials,
            @RequestPart(name = "verifiedBib", required = false) @Nullable MultipartFile verifiedBib,
            @RequestParam(required = false) @Nullable String paperId,
            @RequestParam(defaultValue = "false") boolean offline,
            @RequestParam(required = false) @Nullable Integer pageLimit, Caller caller) throws IOException {
        PaperAccess.require(caller, Role.SUBMIT, "submitting a revision");
        Files.createDirectories(properties.workDir());
        Path upload = Files.createTempDirectory(properties.workDir(), "revision-upload-");
        try {
            List<RevisionUpload.Review> files = new ArrayList<>();
            for (int i = 0; i < reviews.size(); i++) {
                MultipartFile review = reviews.get(i);
                String name = review.getOriginalFilename() == null || review.getOriginalFilename().isBlank()
                        ? "review-" + (i + 1) + ".md" : review.getOriginalFilename();
                files.add(new RevisionUpload.Review(name, stored(review, upload.resolve("review-" + i))));
            }
            RevisionIntake.Submission submission = intake.submit(new RevisionUpload(
                    stored(paper, upload.resolve("paper.zip")), files,
                    materials == null || materials.isEmpty() ? null : stored(materials, upload.resolve("materials.zip")),
                    verifiedBib == null || verifiedBib.isEmpty() ? null : stored(verifiedBib, upload.resolve("verified.bib")),
                    paperId, offline, pageLimit), caller.tenant());
            return ResponseEntity.accepted().location(URI.create("/papers/" + submission.paperId()))
                    .body(new PaperResponses.Accepted(submission.paperId(), submission.state()));
        } finally {
            try (Stream<Path> paths = Files.walk(upload)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    private static Path stored(MultipartFile part, Path file) throws IOException {
        part.transferTo(file);
        return file;
    }
}
