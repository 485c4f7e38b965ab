package dev.paperorchestra.service.auth;

import dev.paperorchestra.schemas.Tenants;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The bearer tokens of {@code po.service.tokens}, each with its principal. An entry is either a bare token (tenant
 * {@code default}, every role: a single-team deployment, as before tenants) or {@code TENANT:ROLE+ROLE:TOKEN}, e.g.
 * {@code lab-a:submit+approve:tokA}. An entry with a ':' must be the second form, so a mistyped role never turns an
 * entry into a bare token with every role. Tokens are compared in constant time and never logged or echoed; a
 * problem names the entry by its position.
 */
public final class StaticTokens {

    private record Entry(byte[] token, Caller caller) {
    }

    /** A role name that may be quoted back: a short word, unlike a piece of a token. */
    private static final Pattern WORD = Pattern.compile("[A-Za-z]{1,16}");

    private final List<Entry> entries;

    private StaticTokens(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** @throws IllegalArgumentException naming the entry (by position, never its token) and what is wrong */
    public static StaticTokens parse(List<String> configured) {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < configured.size(); i++) {
            String where = "po.service.tokens entry " + (i + 1);
            Entry entry = entry(configured.get(i).strip(), where);
            for (Entry known : entries) {
                if (MessageDigest.isEqual(known.token(), entry.token())) {
                    throw new IllegalArgumentException(where + ": the same token as an earlier entry; a token names "
                            + "one principal");
                }
            }
            entries.add(entry);
        }
        return new StaticTokens(entries);
    }

    private static Entry entry(String text, String where) {
        if (text.indexOf(':') < 0) {
            return new Entry(bytes(text), new Caller("token " + Fingerprints.of(text), Tenants.DEFAULT,
                    EnumSet.allOf(Role.class), false));
        }
        String[] parts = text.split(":", 3);
        if (parts.length < 3 || parts[2].isBlank()) {
            throw new IllegalArgumentException(where + ": an entry is TOKEN (no ':') or TENANT:ROLE+ROLE:TOKEN, e.g. "
                    + "lab-a:submit+approve:<token>");
        }
        String tenant = parts[0].strip();
        try {
            Tenants.requireValid(tenant, where);
        } catch (IllegalArgumentException e) {
            // not quoted: a bare token with colons in it would otherwise be echoed in part
            throw new IllegalArgumentException(where + ": the part before the first ':' is not a tenant name "
                    + "(lower-case letters, digits, '.', '_' and '-', at most 63, starting with a letter or digit)");
        }
        Set<Role> roles = EnumSet.noneOf(Role.class);
        for (String name : parts[1].split("\\+", -1)) {
            roles.add(Role.named(name).orElseThrow(() -> new IllegalArgumentException(where + ": "
                    + (WORD.matcher(name.strip()).matches() ? "unknown role '" + name.strip() + "'" : "an unknown role")
                    + " between the ':'s (one of " + Role.labels() + ", joined with '+')")));
        }
        String token = parts[2].strip();
        return new Entry(bytes(token), new Caller(tenant + " token " + Fingerprints.of(token), tenant, roles, false));
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The principal of this token, looked for through every entry whatever matches first (constant time). */
    public Optional<Caller> find(String token) {
        byte[] given = bytes(token);
        Caller found = null;
        for (Entry entry : entries) {
            if (MessageDigest.isEqual(entry.token(), given)) {
                found = entry.caller();
            }
        }
        return Optional.ofNullable(found);
    }

    private static byte[] bytes(String token) {
        return token.getBytes(StandardCharsets.UTF_8);
    }
}
