package dev.paperorchestra.schemas.serde;

import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.specific.AvroGenerated;
import org.apache.avro.util.ClassSecurityValidator;
import org.apache.avro.util.ClassSecurityValidator.ClassSecurityPredicate;
import org.jspecify.annotations.Nullable;

/**
 * Makes Avro trust the classes generated from our schemas, and nothing else of ours. Since 1.12.2 Avro refuses to
 * instantiate a class it looks up by a schema's name (decoding, a builder filling in a record or enum default)
 * unless the class is trusted; by default only a few {@code java.lang} and {@code java.math} types are.
 *
 * <p>Trusted on top of whatever was trusted before: a class in {@value #PACKAGE} or a package under it that Avro's
 * code generator wrote ({@link AvroGenerated}). Our hand-written classes in those packages and every class
 * elsewhere stay refused.
 *
 * <p>Why a logical-type factory: Avro loads every {@link LogicalTypes.LogicalTypeFactory} on the class path (a
 * {@link java.util.ServiceLoader}, registered in this jar's {@code META-INF/services}) when it parses its first
 * schema, and every generated class parses its schema before it can be used. So the trust is in place in every JVM
 * that has common-schemas on its class path (the agents, po-app, the container images, bench, test forks) before
 * Avro can look up one of our classes, with no system property in any launch script. The serdes install it too
 * ({@link EventTypes}), in case a class loader hides the service file. The factory defines no logical type of its
 * own: no schema names {@link #TYPE_NAME}.
 */
public final class AvroClassTrust implements LogicalTypes.LogicalTypeFactory {

    /** The package the schemas' namespaces live in (the state-store values in a package under it). */
    public static final String PACKAGE = "dev.paperorchestra.schemas";
    static final String TYPE_NAME = "dev.paperorchestra.no-logical-type";

    /** Trusts exactly the generated classes of our schemas. */
    static final ClassSecurityPredicate GENERATED_SCHEMA_CLASSES = AvroClassTrust::generatedFromOurSchemas;

    private static volatile boolean installed;

    /** Called by the {@link java.util.ServiceLoader}; installs the trust. */
    public AvroClassTrust() {
        install();
    }

    /** Adds the trust to Avro's global validator, once per JVM (class loader); later calls do nothing. */
    public static void install() {
        if (installed) {
            return;
        }
        synchronized (AvroClassTrust.class) {
            if (!installed) {
                ClassSecurityValidator.setGlobal(
                        ClassSecurityValidator.composite(ClassSecurityValidator.getGlobal(), GENERATED_SCHEMA_CLASSES));
                installed = true;
            }
        }
    }

    static boolean generatedFromOurSchemas(Class<?> type) {
        String name = type.getPackageName();
        return (name.equals(PACKAGE) || name.startsWith(PACKAGE + "."))
                && type.isAnnotationPresent(AvroGenerated.class);
    }

    @Override
    public String getTypeName() {
        return TYPE_NAME;
    }

    /** Never a logical type: Avro reads the schema as its plain type. */
    @Override
    public @Nullable LogicalType fromSchema(Schema schema) {
        return null;
    }
}
