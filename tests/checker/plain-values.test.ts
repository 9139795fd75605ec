import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Strings, boxes and primitives assigned, returned or compared where JLS 5.2 and 15.21 take no such
 * value: `int n = "3"`, `String s = count`, `boolean ok = 1`, `Long id = 1`, `count == "3"`, `text * 2`.
 * The value's type is decided (a literal, a written variable, a JDK method's declared result, a
 * boolean operator). Numeric primitives among themselves are the lossy-conversion rule's, and an int
 * constant may go into a Byte, Short or Character. javac decides: the lines tagged `// error` are
 * the ones it rejects, and check reports them (AS013).
 */
test('plain values where another plain type is written: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Values.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;

public class Values {
    int bad = "x"; // error
    String label = 1; // error
    char first = "a"; // error
    boolean on = 1; // error
    Long id = 1; // error
    Double ratio = 1; // error

    int size(String text, long big, Long boxed, Boolean flag, Integer count, List<Msg> msgs) {
        int n = text; // error
        String t = msgs.size(); // error
        boolean many = msgs.size(); // error
        int k = boxed; // error
        Integer m = big; // error
        double d = flag; // error
        String name = text.isEmpty(); // error
        int cmp = text.length() > 3; // error
        if (count == "3") { // error
            return 0;
        }
        if (flag == 1) { // error
            return 1;
        }
        if (count == boxed) { // error
            return 2;
        }
        long l = text * 2; // error
        int sum = flag + 1; // error
        return "none"; // error
    }

    String ok(String text, Integer count, Long boxed, Boolean flag, long big, List<Msg> msgs) {
        byte b = 1;
        Short s = 2;
        Character c = 65;
        char ch = 'a';
        Integer i = 5;
        long wide = count;
        double d = 1;
        float f = 1;
        Object o = 1;
        Number num = big;
        CharSequence seq = text;
        Comparable<String> cs = "x";
        String none = null;
        Long l = 1L;
        boolean more = msgs.size() > 1 && !text.isEmpty();
        int cast = (int) big;
        if (count == 1 && flag == true && boxed != null && text != null && ch == 97) {
            return text + 1 + flag;
        }
        return String.valueOf(count) + s + c + b + i + wide + d + f + o + num + seq + cs + none + l + more + cast;
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013')).toBe(true);
}, 180_000);

/**
 * A primitive compared with a class that is no box (`headers != 3` on a Map, `o == 3` on an Object:
 * only a box unboxes to a number), and a catch parameter's members: its one written type is its
 * static type, as a local's declaration writes it (`e.getMessage` without parentheses, `e.getMesage()`).
 */
test('a primitive beside a class that is no box, and members of a catch parameter: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Compare.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;
import java.util.Map;

public class Compare {
    String broken(Map<String, String> headers, Object o, List<Msg> msgs) {
        if (headers != 3) { // error
            return "a";
        }
        if (o == 3) { // error
            return "b";
        }
        try {
            msgs.add(null);
        } catch (IllegalStateException e) {
            return e.getMessage; // error
        } catch (RuntimeException e) {
            return e.getMesage(); // error
        }
        return msgs.size() == 'a' ? "c" : "d";
    }

    String clean(Map<String, String> headers, Integer boxed, Object o, List<Msg> msgs) {
        if (headers != null && boxed == 3 && o != null && msgs.size() == 'a') {
            return "a";
        }
        try {
            msgs.add(null);
        } catch (IllegalStateException | UnsupportedOperationException e) {
            return e.getMessage();
        }
        return "b";
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
