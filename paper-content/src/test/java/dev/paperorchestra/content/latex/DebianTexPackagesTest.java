package dev.paperorchestra.content.latex;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DebianTexPackagesTest {

    @ParameterizedTest
    @CsvSource({"lmodern.sty, lmodern", "amsmath.sty, texlive-latex-base", "microtype.sty, texlive-latex-recommended",
            "enumitem.sty, texlive-latex-extra", "tikz.sty, texlive-pictures", "siunitx.sty, texlive-science",
            "IEEEtran.cls, texlive-publishers", "acmart.cls, texlive-publishers", "plainnat.bst, texlive-latex-base",
            "type1ec.sty, cm-super-minimal", "fontawesome5.sty, texlive-fonts-extra",
            "ulem.sty, texlive-plain-generic"})
    void names_the_debian_package_that_ships_a_tex_file(String file, String debianPackage) {
        assertThat(DebianTexPackages.providing(file)).contains(debianPackage);
    }

    @ParameterizedTest
    @CsvSource({"nonexistentpkg.sty", "cvpr.sty"})
    void a_file_no_debian_package_ships_is_unknown(String file) {
        assertThat(DebianTexPackages.providing(file)).isEqualTo(Optional.empty());
    }
}
