package dev.paperorchestra.service.api;

import dev.paperorchestra.content.archive.ArchiveTooLargeException;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.service.approval.InvalidEditException;
import dev.paperorchestra.service.approval.NotWaitingException;
import dev.paperorchestra.service.auth.MissingRoleException;
import dev.paperorchestra.service.cancel.PaperFinishedException;
import dev.paperorchestra.service.intake.PaperIdTakenException;
import dev.paperorchestra.service.status.UnknownPaperException;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;

/**
 * One JSON error body for every failure: {@code {"error": ..., "file": ..., "problem": ...}}, as JSON whatever the
 * request accepts (a client of the events stream asks for text/event-stream, and still hears why it got a 404).
 */
@RestControllerAdvice
class ApiErrors {

    @ExceptionHandler(ArchiveTooLargeException.class)
    ResponseEntity<PaperResponses.Error> tooLarge(ArchiveTooLargeException e) {
        return body(HttpStatus.CONTENT_TOO_LARGE, "materials too large", e.file(), e.problem());
    }

    @ExceptionHandler(MaxUploadSizeExceededException.class)
    ResponseEntity<PaperResponses.Error> uploadTooLarge(MaxUploadSizeExceededException e) {
        return body(HttpStatus.CONTENT_TOO_LARGE, "materials too large", "materials",
                "the upload is larger than po.service.max-upload-size");
    }

    @ExceptionHandler(InvalidMaterialsException.class)
    ResponseEntity<PaperResponses.Error> invalidMaterials(InvalidMaterialsException e) {
        return body(HttpStatus.BAD_REQUEST, "invalid materials", e.file(), e.problem());
    }

    @ExceptionHandler({IllegalArgumentException.class, MissingServletRequestParameterException.class,
            MissingServletRequestPartException.class, MethodArgumentTypeMismatchException.class})
    ResponseEntity<PaperResponses.Error> badRequest(Exception e) {
        return body(HttpStatus.BAD_REQUEST, "bad request", null, e.getMessage());
    }

    @ExceptionHandler({UnknownPaperException.class, UnknownFileException.class})
    ResponseEntity<PaperResponses.Error> notFound(RuntimeException e) {
        return body(HttpStatus.NOT_FOUND, "not found", null, e.getMessage());
    }

    @ExceptionHandler(MissingRoleException.class)
    ResponseEntity<PaperResponses.Error> forbidden(MissingRoleException e) {
        return body(HttpStatus.FORBIDDEN, "forbidden", null, e.getMessage());
    }

    @ExceptionHandler(InvalidEditException.class)
    ResponseEntity<PaperResponses.Error> invalidEdit(InvalidEditException e) {
        return body(HttpStatus.BAD_REQUEST, "invalid edit", "artifact", e.getMessage());
    }

    @ExceptionHandler({PaperFinishedException.class, PaperIdTakenException.class, NotWaitingException.class})
    ResponseEntity<PaperResponses.Error> conflict(RuntimeException e) {
        return body(HttpStatus.CONFLICT, "conflict", null, e.getMessage());
    }

    @ExceptionHandler(RetriableException.class)
    ResponseEntity<PaperResponses.Error> busy(RetriableException e) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", "30")
                .contentType(MediaType.APPLICATION_JSON).body(new PaperResponses.Error("busy", null, e.getMessage()));
    }

    @ExceptionHandler(InvalidStateStoreException.class)
    ResponseEntity<PaperResponses.Error> loading(InvalidStateStoreException e) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", "2")
                .contentType(MediaType.APPLICATION_JSON).body(new PaperResponses.Error("status view loading", null,
                        "the status view is being rebuilt from paper-views; retry shortly"));
    }

    private static ResponseEntity<PaperResponses.Error> body(HttpStatus status, String error, @Nullable String file,
            String problem) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(new PaperResponses.Error(error, file, problem));
    }
}
