package dev.paperorchestra.cli.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The scholarly endpoints of every command that starts agents ({@code run}, {@code serve}, {@code bench}). Given
 * explicitly they are used even with {@code --offline}, which selects the model only; the keys come from the
 * environment, never from the command line.
 */
public final class ScholarlyOptions {

    @Option(names = "--s2-base-url", defaultValue = "${env:PO_S2_BASE_URL}",
            description = "Semantic Scholar-compatible API root for verification (env PO_S2_BASE_URL; key from env "
                    + "PO_S2_API_KEY). Default: the public API for model runs, the recorded scholar_records.json offline.")
    @Nullable String s2BaseUrl;

    @Option(names = "--openalex-base-url", defaultValue = "${env:PO_OPENALEX_BASE_URL}",
            description = "OpenAlex-compatible API root for discovery (env PO_OPENALEX_BASE_URL; key from env "
                    + "PO_OPENALEX_API_KEY). Default: the public API for model runs; offline runs search OpenAlex only "
                    + "when this is given.")
    @Nullable String openAlexBaseUrl;

    /** The literature agent's arguments for these endpoints and the keys in the environment. */
    public List<String> springArgs(Map<String, String> environment) {
        return scholarlyArgs(s2BaseUrl, environment.get("PO_S2_API_KEY"), openAlexBaseUrl,
                environment.get("PO_OPENALEX_API_KEY"));
    }

    /** The literature agent's arguments for the scholarly endpoints given; nothing for those left out. */
    static List<String> scholarlyArgs(@Nullable String s2BaseUrl, @Nullable String s2ApiKey,
            @Nullable String openAlexBaseUrl, @Nullable String openAlexApiKey) {
        List<String> args = new ArrayList<>();
        if (s2BaseUrl != null && !s2BaseUrl.isBlank()) {
            args.add("--po.literature.s2.base-url=" + s2BaseUrl.strip());
        }
        if (s2ApiKey != null && !s2ApiKey.isBlank()) {
            args.add("--po.literature.s2.api-key=" + s2ApiKey.strip());
        }
        if (openAlexBaseUrl != null && !openAlexBaseUrl.isBlank()) {
            args.add("--po.literature.openalex.base-url=" + openAlexBaseUrl.strip());
        }
        if (openAlexApiKey != null && !openAlexApiKey.isBlank()) {
            args.add("--po.literature.openalex.api-key=" + openAlexApiKey.strip());
        }
        return args;
    }
}
