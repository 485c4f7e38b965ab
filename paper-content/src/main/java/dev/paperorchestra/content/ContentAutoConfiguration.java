package dev.paperorchestra.content;

import dev.paperorchestra.content.materials.MaterialsLimits;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/** Binds the materials limits ({@code po.materials.*}) in every service that reads materials. */
@AutoConfiguration
@EnableConfigurationProperties(MaterialsLimits.class)
public class ContentAutoConfiguration {
}
