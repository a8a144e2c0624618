// Formats every Android string resource the app would format, as Android does: with
// java.util.Formatter (getString(id, args), getQuantityString(id, n, args)).
//
//     java Tests/consumers/CheckAndroidFormats.java res/values/strings.xml ...
//
// A text is formatted by the app when it holds a printf directive as Larder finds one (C's
// and Apple's syntax: `%d`, `%1$@`, `%ld`; `%%` is a percent sign and a `%` that starts no
// directive is text). Each such text is unescaped as aapt2 reads it and formatted with an
// argument of the type each of its directives asks for; an exception from the formatter
// (UnknownFormatConversionException for `%@`, for `%ld`...) is what the app would throw.
// Prints PASS or FAIL per file.
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

public class CheckAndroidFormats {
    // Larder's own directive syntax (Placeholder.scan): what makes a text a format.
    static final Pattern LARDER = Pattern.compile(
        "%%|%(?:0*[1-9][0-9]*\\$)?[-+#0',(]*(?:\\*|[0-9]+)?(?:\\.(?:\\*|[0-9]+))?(?:hh|ll|[hlqLzjt])?[@dDiuUxXoOfFeEgGaAcCsSpbBhHn]");
    // java.util.Formatter's directive syntax, to pick each argument's type.
    static final Pattern JAVA = Pattern.compile(
        "%(?:([0-9]+)\\$)?[-#+ 0,(<]*[0-9]*(?:\\.[0-9]+)?([tT])?([a-zA-Z%])");

    /// The text as aapt2 reads it: \' \" \\ \n \t \@ \? and \\uXXXX.
    static String unescape(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) { out.append(c); continue; }
            char n = s.charAt(++i);
            switch (n) {
                case 'n': out.append('\n'); break;
                case 't': out.append('\t'); break;
                case 'u': out.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16)); i += 4; break;
                default: out.append(n);
            }
        }
        return out.toString();
    }

    static boolean isFormat(String text) {
        Matcher m = LARDER.matcher(text);
        while (m.find()) if (!m.group().equals("%%")) return true;
        return false;
    }

    /// Formats `text` with an argument of the type each directive asks for.
    static void format(String text) {
        List<Object> args = new ArrayList<>();
        Matcher m = JAVA.matcher(text);
        int next = 0;
        while (m.find()) {
            char conversion = m.group(3).charAt(0);
            if (conversion == '%' || conversion == 'n') continue;
            int index = m.group(1) != null ? Integer.parseInt(m.group(1)) - 1 : next++;
            Object arg = m.group(2) != null ? (Object) 0L
                : "doxXcC".indexOf(conversion) >= 0 ? (conversion == 'c' || conversion == 'C' ? (Object) 'a' : (Object) 7)
                : "eEfgGaA".indexOf(conversion) >= 0 ? (Object) 1.5 : (Object) "x";
            while (args.size() <= index) args.add(null);
            args.set(index, arg);
        }
        for (int i = 0; i < args.size(); i++) if (args.get(i) == null) args.set(i, "x");
        String.format(text, args.toArray());
    }

    public static void main(String[] files) throws Exception {
        for (String path : files) {
            org.w3c.dom.Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new File(path));
            List<String> failures = new ArrayList<>();
            int formats = 0;
            for (String tag : new String[] {"string", "item"}) {
                NodeList nodes = doc.getElementsByTagName(tag);
                for (int i = 0; i < nodes.getLength(); i++) {
                    Node node = nodes.item(i);
                    String text = unescape(node.getTextContent());
                    if (!isFormat(text)) continue;
                    formats++;
                    try {
                        format(text);
                    } catch (RuntimeException e) {
                        Element owner = (Element) (tag.equals("item") ? node.getParentNode() : node);
                        failures.add(owner.getAttribute("name") + ": " + e + " formatting \"" + text + "\"");
                    }
                }
            }
            if (failures.isEmpty()) System.out.println("PASS " + path + " (" + formats + " formats)");
            else for (String f : failures) System.out.println("FAIL " + path + ": " + f);
        }
    }
}
