package dev.paperorchestra.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * What {@code jib:build} / {@code jib:buildTar} produce, read from the poms the way the root pom's Jib
 * configuration reads them: every reactor module with {@code jib.skip=false} gets the image
 * {@code ${po.image.repository}/<artifactId>:${po.image.tag}} on the base {@code ${po.image.base}}.
 * Keyed by artifactId, which is also the Deployment's name (s3proxy's module lives at deploy/s3proxy).
 *
 * @param images image name by artifactId
 * @param bases  the base property ({@code ${po.image.jre-base}} or {@code ${po.image.tex-base}}) by artifactId
 */
record JibImages(Map<String, String> images, Map<String, String> bases) {

    static JibImages read(Path root) throws Exception {
        Element rootProperties = properties(parse(root.resolve("pom.xml")));
        String repository = directChild(rootProperties, "po.image.repository");
        String tag = directChild(rootProperties, "po.image.tag");
        String defaultBase = directChild(rootProperties, "po.image.base");
        Map<String, String> images = new LinkedHashMap<>();
        Map<String, String> bases = new LinkedHashMap<>();
        NodeList modules = parse(root.resolve("pom.xml")).getElementsByTagName("module");
        for (int i = 0; i < modules.getLength(); i++) {
            String module = modules.item(i).getTextContent().trim();
            Path pom = root.resolve(module).resolve("pom.xml");
            if (!Files.exists(pom)) {
                continue;
            }
            Document document = parse(pom);
            Element properties = properties(document);
            if (!"false".equals(directChild(properties, "jib.skip"))) {
                continue;
            }
            String artifactId = directChild(document.getDocumentElement(), "artifactId");
            images.put(artifactId, repository + "/" + artifactId + ":" + tag);
            String base = directChild(properties, "po.image.base");
            bases.put(artifactId, base.isEmpty() ? defaultBase : base);
        }
        return new JibImages(Map.copyOf(images), Map.copyOf(bases));
    }

    private static Document parse(Path pom) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    }

    private static Element properties(Document pom) {
        String name = "properties";
        for (Node child = pom.getDocumentElement().getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element && name.equals(element.getTagName())) {
                return element;
            }
        }
        return pom.createElement(name);
    }

    private static String directChild(Element parent, String name) {
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element && name.equals(element.getTagName())) {
                return element.getTextContent().trim();
            }
        }
        return "";
    }
}
