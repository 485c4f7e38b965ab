package dev.paperorchestra.service.api;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.content.outputs.PaperOutputs;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.service.auth.Caller;
import dev.paperorchestra.service.auth.PaperAccess;
import java.util.List;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * The outputs of a completed paper, one by one or as one zip, read from the blob store by their refs; a paper of
 * another tenant has none (404).
 */
@RestController
@RequestMapping("/papers/{id}")
class PaperFilesController {

    private final PaperAccess access;
    private final BlobStore blobs;

    PaperFilesController(PaperAccess access, BlobStore blobs) {
        this.access = access;
        this.blobs = blobs;
    }

    @GetMapping("/files")
    List<PaperResponses.FileItem> files(@PathVariable String id, Caller caller) {
        return outputs(id, caller).artifacts().stream().map(PaperResponses::file).toList();
    }

    /** {@code name} is the output's path, e.g. reviews/iteration-0.json or figures/fig-1.pdf. */
    @GetMapping("/files/{*name}")
    ResponseEntity<byte[]> file(@PathVariable String id, @PathVariable String name, Caller caller) {
        String relative = name.startsWith("/") ? name.substring(1) : name;
        PaperOutputs outputs = outputs(id, caller);
        NamedArtifact artifact = outputs.find(relative).orElseThrow(() -> new UnknownFileException(id, relative));
        return ResponseEntity.ok().contentType(MediaType.parseMediaType(artifact.getArtifact().getMediaType()))
                .body(outputs.read(artifact));
    }

    @GetMapping(path = "/bundle", produces = "application/zip")
    ResponseEntity<StreamingResponseBody> bundle(@PathVariable String id, Caller caller) {
        PaperOutputs outputs = outputs(id, caller);
        if (outputs.artifacts().isEmpty()) {
            throw new UnknownFileException(id, "bundle");
        }
        return ResponseEntity.ok().contentType(MediaType.parseMediaType("application/zip"))
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(id + ".zip")
                        .build().toString())
                .body(out -> outputs.zipTo(out, id));
    }

    private PaperOutputs outputs(String id, Caller caller) {
        return new PaperOutputs(access.find(id, caller).getArtifacts(), blobs);
    }
}
