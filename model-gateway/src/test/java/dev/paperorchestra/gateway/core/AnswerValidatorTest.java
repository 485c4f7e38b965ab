package dev.paperorchestra.gateway.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AnswerValidatorTest {

    private final AnswerValidator validator = new AnswerValidator();

    @Test
    void takes_the_json_out_of_a_sentence_around_it() {
        assertThat(AnswerValidator.jsonPart("Sure! Here it is: {\"a\": {\"b\": 1}} Hope this helps."))
                .isEqualTo("{\"a\": {\"b\": 1}}");
    }

    @Test
    void names_the_location_of_every_violation() {
        var verdict = validator.validate(ProviderContractTest.SCHEMA, "{\"verdict\":\"accept\",\"score\":11}");

        assertThat(verdict.valid()).isFalse();
        assertThat(verdict.violations()).singleElement().asString().contains("score");
    }

    @Test
    void reports_text_that_is_not_json() {
        assertThat(validator.validate(ProviderContractTest.SCHEMA, "no json here").violations())
                .singleElement().asString().startsWith("the answer is not valid JSON");
    }
}
