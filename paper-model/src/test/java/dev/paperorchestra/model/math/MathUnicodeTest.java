package dev.paperorchestra.model.math;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MathUnicodeTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            \\downarrow              | ↓
            \\uparrow                | ↑
            \\mathcal{L}_{IoU}       | 𝓛_IoU
            \\mathcal{L}_{\\mathrm{IoU}} | 𝓛_IoU
            \\delta_1                | δ₁
            x^2                      | x²
            W^{-1}                   | W⁻¹
            \\mathbb{R}^{n}          | ℝⁿ
            \\frac{a}{b+c}           | a/(b+c)
            \\alpha \\times \\beta   | α × β
            \\text{Acc}~(\\%)        | Acc (%)
            \\unknowncommand{x}      | unknowncommandx
            """)
    void tex_math_reads_as_unicode(String latex, String unicode) {
        assertThat(MathUnicode.of(latex)).isEqualTo(unicode);
    }
}
