import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A name used where no declaration of it is in scope, while the file declares it elsewhere: a
 * pattern variable dropped from one `instanceof` of an else-if chain while a later one binds the same
 * name, a local used before its declaration or after its block, a `for`, for-each, catch, resource or
 * lambda variable used after its statement ("cannot find symbol", AS002). javac decides: the lines
 * tagged `// error` are the ones it rejects and check reports them. The scopes that reach further
 * compile: a pattern variable after `if (!(x instanceof T t)) return;`, in a `&&` chain and a
 * ternary, a local of one switch group in a later group, a field of the same name as another
 * method's local, an anonymous class's field.
 */
test('names used outside the scope of every declaration of them: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Scopes.java': `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolUseBlock;
import java.io.StringReader;
import java.util.List;
import java.util.function.Function;

public class Scopes {
    private String label = "scopes";

    String print(ContentBlock block) {
        if (block instanceof TextBlock) {
            return t.getText(); // error
        } else if (block instanceof ToolUseBlock t) {
            return t.getName();
        }
        return "";
    }

    String early(List<ContentBlock> blocks) {
        for (ContentBlock b : blocks) {
            if (b instanceof ToolUseBlock) return tu.getId(); // error
        }
        ToolUseBlock tu = null;
        return tu == null ? "" : tu.getId();
    }

    String afterBlock(Msg msg) {
        {
            String text = msg.getTextContent();
            System.out.println(text);
        }
        return text; // error
    }

    String afterIf(ContentBlock block) {
        {
            if (block instanceof TextBlock tb) System.out.println(tb.getText());
        }
        return tb.getText(); // error
    }

    int afterFor(List<Msg> msgs) {
        for (int i = 0; i < msgs.size(); i++) System.out.println(msgs.get(i).getId());
        return i; // error
    }

    String afterForEach(List<Msg> msgs) {
        for (Msg m : msgs) System.out.println(m.getId());
        return m.getId(); // error
    }

    String afterCatch(Msg msg) {
        try {
            return msg.getTextContent();
        } catch (RuntimeException e) {
            System.out.println(e.getMessage());
        }
        return e.getMessage(); // error
    }

    int afterResource() throws Exception {
        try (StringReader reader = new StringReader("x")) {
            System.out.println(reader.read());
        }
        return reader.read(); // error
    }

    String afterLambda(Msg msg) {
        Function<Msg, String> f = one -> one.getTextContent();
        return one.getId() + f.apply(msg); // error
    }

    String negated(ContentBlock block) {
        if (!(block instanceof TextBlock tb)) return "";
        return tb.getText();
    }

    boolean chained(ContentBlock block) {
        return block instanceof TextBlock tb && !tb.getText().isEmpty();
    }

    String ternary(ContentBlock block) {
        return block instanceof ToolUseBlock tu ? tu.getName() : "";
    }

    String groups(int n) {
        switch (n) {
            case 1:
                String s = "one";
                return s;
            case 2:
                s = "two";
                return s;
            default:
                return label;
        }
    }

    String sameNameField() {
        String label = "local";
        return label;
    }

    String anonymous() {
        Object o = new Object() {
            final String tag = "t";

            @Override
            public String toString() {
                return tag;
            }
        };
        return o.toString() + label;
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});
