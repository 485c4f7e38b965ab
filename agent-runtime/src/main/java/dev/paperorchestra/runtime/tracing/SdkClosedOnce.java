package dev.paperorchestra.runtime.tracing;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * The OpenTelemetry SDK is shut down once, by its providers. Spring Boot registers the tracer, logger and meter
 * providers as beans, each closed with its context, and also the {@link OpenTelemetrySdk} holding them, whose own
 * close shuts the same providers down again; the SDK then reports "Calling shutdown() multiple times" for every
 * provider of every agent. So the holder is left out of the closing: the providers close themselves.
 */
public final class SdkClosedOnce implements BeanFactoryPostProcessor {

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        for (String name : beanFactory.getBeanNamesForType(OpenTelemetrySdk.class, true, false)) {
            if (beanFactory.containsBeanDefinition(name)) {
                BeanDefinition definition = beanFactory.getBeanDefinition(name);
                // "" is no destroy method at all; unset, Spring would infer close() from AutoCloseable
                definition.setDestroyMethodName("");
            }
        }
    }
}
