import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Primitive and array results of the common JDK types' methods where AgentScope types are declared:
 * `msgs.size()` is an int and `msgs.toArray()` an Object[] (neither is a Msg, nor an Object[] a
 * Msg[]), and `toArray(new Msg[0])` or `toArray(Msg[]::new)` makes the array its argument names,
 * whatever the collection holds (`<T> T[] toArray(T[])`: javac infers T from the argument and the
 * target together, "inference variable T has incompatible bounds"). javac decides: Broken.java's
 * lines tagged `// error` are the ones it rejects and check reports them; Clean.java compiles and
 * checks clean (the arrays and primitives where they fit, a collection of one type made into an
 * array of another, which only fails when it runs). An array's methods are Object's and clone():
 * `arr.size()` is "cannot find symbol".
 */
const HEAD = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolUseBlock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(List<Msg> msgs, Set<ToolUseBlock> uses, Msg in) {
        Msg count = msgs.size(); // error
        TextBlock empty = msgs.isEmpty(); // error
        Msg all = msgs.toArray(); // error
        Msg[] copy = msgs.toArray(); // error
        ToolUseBlock[] calls = msgs.toArray(new Msg[0]); // error
        String[] texts = msgs.toArray(new Msg[msgs.size()]); // error
        ToolUseBlock[] made = msgs.toArray(Msg[]::new); // error
        TextBlock[] blocks = uses.toArray(new ToolUseBlock[0]); // error
        Msg[] streamed = msgs.stream().map(Msg::getTextContent).toArray(String[]::new); // error
        List<Msg> held = new ArrayList<>(msgs);
        ContentBlock[] contents = held.toArray(new Msg[0]); // error
        System.out.println(count + " " + empty + all + copy + calls + texts + made + blocks + streamed + contents + in);
    }

    void g(Msg[] arr, ContentBlock[][] grid) {
        int n = arr.size(); // error
        arr.stream(); // error
        int g = grid.size(); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    void f(List<Msg> msgs, Set<ToolUseBlock> uses, List<ContentBlock> content, Msg in) {
        int count = msgs.size();
        long wide = msgs.size();
        Integer boxed = msgs.size();
        boolean empty = msgs.isEmpty();
        Object[] all = msgs.toArray();
        Object one = msgs.toArray();
        Msg[] copy = msgs.toArray(new Msg[0]);
        Msg[] sized = msgs.toArray(new Msg[msgs.size()]);
        Object[] wider = msgs.toArray(new Msg[0]);
        Msg[] made = msgs.toArray(Msg[]::new);
        ToolUseBlock[] calls = uses.toArray(new ToolUseBlock[0]);
        ContentBlock[] asContent = uses.toArray(new ContentBlock[0]);
        TextBlock[] texts = content.toArray(new TextBlock[0]);
        Msg[] any = content.toArray(new Msg[0]);
        String[] names = msgs.stream().map(Msg::getTextContent).toArray(String[]::new);
        Object[] streamed = msgs.stream().toArray();
        List<Msg> again = Arrays.asList(copy);
        System.out.println(count + wide + boxed + " " + empty + all + one + sized + wider + made + calls + asContent + texts + any + names + streamed + again + in);
    }

    void g(Msg[] arr) {
        int n = arr.length;
        Msg[] c = arr.clone();
        String s = arr.toString();
        boolean e = arr.equals(c);
        System.out.println(n + s + e + Arrays.stream(arr).count());
    }
}
`;

test('primitive and array results of JDK methods where AgentScope types are declared: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
