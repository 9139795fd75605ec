import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * An expression standing alone that Java takes as no statement (JLS 14.8): a comparison, a sum, a
 * literal, a name, a negation, in a method or a lambda's block. An assignment, `++`, a call, `new`
 * and a switch rule's value are statements. javac's parser decides: the lines tagged `// error`.
 */
test('an expression that is not a statement: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Statements.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;

public class Statements {
    long count(List<Msg> msgs, int a, int b, String mode) {
        a == b; // error
        msgs.stream().filter(m -> { m.getTextContent().isEmpty() == true; }).count(); // error
        a + 1; // error
        "done"; // error
        msgs; // error
        -a; // error
        a++;
        --b;
        a = b;
        new StringBuilder();
        msgs.size();
        int sum = switch (mode) {
            case "add" -> a + b;
            default -> 0;
        };
        switch (mode) {
            case "x" -> a++;
            default -> b = 1;
        }
        return sum;
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
