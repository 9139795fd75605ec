import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A method a common JDK type does not have, or not with that many arguments, called on a value whose
 * class is decided: a written variable, a string literal, `System.out`, a JDK method's result. The
 * names and arities are the JDKs' own (jdk-results.ts, listed by reflection, public methods of a
 * non-public superclass included: StringBuilder's length()). javac decides: the lines tagged `// error`.
 */
test('misspelled or miscounted methods of common JDK types: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Members.java': `package demo;

import io.agentscope.core.message.Msg;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

public class Members {
    String broken(Msg msg, Path workspace, Map<String, Msg> byName, String action) {
        StringBuilder sb = new StringBuilder();
        sb.apend(msg.getTextContent()); // error
        if ("created".equal(action)) { // error
            System.out.printn("created"); // error
        }
        System.out.println(action, action); // error
        String dir = workspace.toAbsolutePath().toSting(); // error
        String id = UUID.randomUUID().toSting(); // error
        boolean known = byName.containKey(action); // error
        return sb + dir + id + known;
    }

    String clean(Msg msg, Path workspace, Map<String, Msg> byName, String action) {
        StringBuilder sb = new StringBuilder();
        sb.append(msg.getTextContent()).append('\\n');
        sb.setLength(sb.length() - 1);
        char first = sb.charAt(0);
        if ("created".equals(action)) {
            System.out.println();
            System.out.printf("%s %s%n", action, first);
        }
        return sb + workspace.toAbsolutePath().toString() + UUID.randomUUID() + byName.containsKey(action);
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
