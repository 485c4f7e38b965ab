package dev.paperorchestra.app.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Only paper-model reads LaTeX's structure: no other production class compiles a regular expression that looks for
 * a section, an environment, the abstract, a caption, a label, a citation, a figure or a comment. Checked on the
 * compiled classes (the string constants of every class that calls {@code Pattern.compile}), so a pattern built
 * from constants is seen as the JVM sees it.
 */
class TexPatternsTest {

    /**
     * What a regular expression over LaTeX source holds when it reads structure: a literal backslash (as compiled,
     * two) with a structural command's name anywhere after it ({@code \\\\(?:section|chapter)} too), or a comment
     * pattern.
     */
    private static final List<String> COMMANDS = List.of("section", "begin", "caption", "label", "cite",
            "includegraphics", "bibliography", "documentclass", "abstract", "appendix", "title", "author",
            "usepackage", "maketitle");

    @Test
    void no_class_outside_paper_model_compiles_a_latex_structure_pattern() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(new ArchitectureTest.NoTestJars())
                .importPackages("dev.paperorchestra");
        List<String> offending = new ArrayList<>();
        int compiling = 0;
        for (JavaClass type : classes) {
            if (type.getPackageName().startsWith("dev.paperorchestra.model") || !compilesPatterns(type)) {
                continue;
            }
            compiling++;
            for (String constant : stringConstants(type)) {
                if (readsStructure(constant)) {
                    offending.add(type.getName() + ": \"" + constant + "\"");
                }
            }
        }
        assertThat(compiling).as("classes outside paper-model that compile patterns were found").isPositive();
        assertThat(offending).as("LaTeX structure is read by TexDocument (paper-model): ask it for sections, "
                + "environments, the abstract, captions, labels, citations, figures and comments").isEmpty();
    }

    @Test
    void the_rule_sees_a_structure_pattern_where_one_is_compiled() {
        JavaClasses classes = new ClassFileImporter().importClasses(Offender.class);
        JavaClass offender = classes.get(Offender.class);

        assertThat(compilesPatterns(offender)).isTrue();
        assertThat(stringConstants(offender)).anySatisfy(constant -> assertThat(constant).contains("\\\\section"));
    }

    /** A class written the way the rule forbids, so the rule is known to see one. */
    static final class Offender {
        static final java.util.regex.Pattern SECTION = java.util.regex.Pattern.compile("\\\\section\\{([^}]*)}");
    }

    /** A literal backslash followed by a structural command's name, or a TeX comment pattern. */
    static boolean readsStructure(String constant) {
        int backslash = constant.indexOf("\\\\");
        if (backslash >= 0) {
            String after = constant.substring(backslash);
            if (COMMANDS.stream().anyMatch(after::contains)) {
                return true;
            }
        }
        return constant.contains("(?<!\\\\\\\\)%") || constant.contains("(?m)(?<!\\\\\\\\)%");
    }

    private static boolean compilesPatterns(JavaClass type) {
        return type.getMethodCallsFromSelf().stream().anyMatch(call -> call.getTargetOwner()
                .isEquivalentTo(java.util.regex.Pattern.class) && call.getName().equals("compile"));
    }

    /** The CONSTANT_Utf8 entries of a class file's constant pool. */
    private static List<String> stringConstants(JavaClass type) {
        String resource = type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.reflect().getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                return List.of();
            }
            DataInputStream data = new DataInputStream(in);
            data.readInt();
            data.readUnsignedShort();
            data.readUnsignedShort();
            int count = data.readUnsignedShort();
            List<String> strings = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int tag = data.readUnsignedByte();
                switch (tag) {
                    case 1 -> strings.add(data.readUTF());
                    case 3, 4 -> data.readInt();
                    case 5, 6 -> {
                        data.readLong();
                        i++;
                    }
                    case 7, 8, 16, 19, 20 -> data.readUnsignedShort();
                    case 9, 10, 11, 12, 17, 18 -> data.readInt();
                    case 15 -> {
                        data.readUnsignedByte();
                        data.readUnsignedShort();
                    }
                    default -> throw new IllegalStateException("constant pool tag " + tag + " in " + resource);
                }
            }
            return strings;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
