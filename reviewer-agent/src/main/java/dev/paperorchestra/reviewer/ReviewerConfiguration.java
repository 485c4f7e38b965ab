package dev.paperorchestra.reviewer;

import dev.paperorchestra.reviewer.review.ModelReviewer;
import dev.paperorchestra.reviewer.review.OfflineReviewer;
import dev.paperorchestra.reviewer.review.ReviewPageImages;
import dev.paperorchestra.reviewer.review.ReviewService;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.llm.LlmGateway;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The reviewer's domain service, built from the runtime's blob store and model gateway. */
@Configuration(proxyBeanMethods = false)
class ReviewerConfiguration {

    @Bean
    ReviewService reviewService(BlobStore blobs, LlmGateway gateway, AgentIdentity identity,
            ReviewerAgentProperties properties) {
        ModelReviewer.Settings settings = new ModelReviewer.Settings(properties.format(), properties.temperature(),
                properties.panelSize(), properties.temperatureSpread());
        return new ReviewService(blobs, new OfflineReviewer(), new ModelReviewer(gateway, identity.name(), settings,
                new ReviewPageImages(properties.pageImages(), properties.pageImageDpi())), properties.format());
    }
}
