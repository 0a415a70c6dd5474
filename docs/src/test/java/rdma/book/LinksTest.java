package rdma.book;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of every Markdown file in the repository leads somewhere: the file or
 * folder exists, and an anchor names a heading of the page, as GitHub spells heading anchors.
 */
class LinksTest {
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

    @Test
    void everyRelativeLinkAndAnchorResolves() {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchorsByPage = new HashMap<>();
        List<Path> pages = Repository.markdownFiles();
        for (Path page : pages) {
            String prose = INLINE_CODE.matcher(Repository.withoutCodeBlocks(Repository.read(page))).replaceAll("");
            Matcher link = LINK.matcher(prose);
            while (link.find()) {
                String target = link.group(1);
                if (target.matches("^[a-z]+:.*")) {
                    continue; // https:, mailto: and the like: not this repository's
                }
                int hash = target.indexOf('#');
                String path = hash < 0 ? target : target.substring(0, hash);
                Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
                String where = Repository.ROOT.relativize(page) + ": " + target;
                if (!Files.exists(file)) {
                    broken.add(where + " (no such file)");
                } else if (hash >= 0 && file.toString().endsWith(".md")) {
                    Set<String> anchors = anchorsByPage.computeIfAbsent(file, LinksTest::anchors);
                    if (!anchors.contains(target.substring(hash + 1))) {
                        broken.add(where + " (no such heading there)");
                    }
                }
            }
        }
        assertThat(pages).as("Markdown files found").hasSizeGreaterThan(10);
        assertThat(broken).isEmpty();
    }

    @Test
    void anchorsAreSpelledAsGitHubSpellsThem() {
        assertThat(slug("Chapter 07 (file transfer) against ib_write_bw, in the lab"))
                .isEqualTo("chapter-07-file-transfer-against-ib_write_bw-in-the-lab");
        assertThat(slug("What can go wrong")).isEqualTo("what-can-go-wrong");
        assertThat(slug("The keys: `REMOTE_READ` on one side")).isEqualTo("the-keys-remote_read-on-one-side");
    }

    /** The anchors of a page's headings; a repeated heading gets -1, -2, as on GitHub. */
    private static Set<String> anchors(Path page) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : Repository.withoutCodeBlocks(Repository.read(page)).split("\n")) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(1));
                int count = seen.merge(slug, 1, Integer::sum);
                anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
            }
        }
        return anchors;
    }

    /** GitHub's heading anchor: the text without markup, lower case, punctuation gone, spaces as hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("`", "");
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
