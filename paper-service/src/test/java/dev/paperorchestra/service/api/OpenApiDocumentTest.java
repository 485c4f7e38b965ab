package dev.paperorchestra.service.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.yaml.snakeyaml.Yaml;

class OpenApiDocumentTest {

    private static final List<Class<?>> CONTROLLERS = List.of(PaperController.class, PaperFilesController.class,
            OpenApiController.class);

    @Test
    @SuppressWarnings("unchecked")
    void documents_every_route_of_every_controller() throws Exception {
        Map<String, Object> document;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(OpenApiController.DOCUMENT)) {
            document = new Yaml().load(in);
        }
        Map<String, Map<String, Object>> paths = (Map<String, Map<String, Object>>) document.get("paths");

        List<String> routes = routes();
        assertThat(routes).hasSizeGreaterThanOrEqualTo(9);
        assertThat(routes).allSatisfy(route -> {
            String[] methodAndPath = route.split(" ", 2);
            assertThat(paths).as(route).containsKey(methodAndPath[1]);
            assertThat(paths.get(methodAndPath[1])).as(route).containsKey(methodAndPath[0]);
        });
    }

    /** "get /papers/{id}" for every handler method; {@code {*name}} is documented as {@code {name}}. */
    private static List<String> routes() {
        List<String> routes = new ArrayList<>();
        for (Class<?> controller : CONTROLLERS) {
            RequestMapping base = controller.getAnnotation(RequestMapping.class);
            String prefix = base == null ? "" : base.value()[0];
            for (Method method : controller.getDeclaredMethods()) {
                route(method.getAnnotation(GetMapping.class) == null ? null
                        : first(method.getAnnotation(GetMapping.class).value(),
                                method.getAnnotation(GetMapping.class).path()), "get", prefix, routes);
                route(method.getAnnotation(PostMapping.class) == null ? null
                        : first(method.getAnnotation(PostMapping.class).value(),
                                method.getAnnotation(PostMapping.class).path()), "post", prefix, routes);
                route(method.getAnnotation(DeleteMapping.class) == null ? null
                        : first(method.getAnnotation(DeleteMapping.class).value(),
                                method.getAnnotation(DeleteMapping.class).path()), "delete", prefix, routes);
            }
        }
        return routes;
    }

    private static String first(String[] values, String[] paths) {
        return values.length > 0 ? values[0] : paths.length > 0 ? paths[0] : "";
    }

    private static void route(String path, String verb, String prefix, List<String> routes) {
        if (path != null) {
            routes.add(verb.toLowerCase(Locale.ROOT) + " " + (prefix + path).replace("{*", "{"));
        }
    }
}
