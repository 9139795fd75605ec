import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A numeric value assigned, initialized or returned where a narrower primitive is declared:
 * "possible lossy conversion". The value's type is decided by a written variable, a literal, a
 * method the sources declare, a JDK or AgentScope result, or arithmetic over those. Widening, a
 * cast, compound assignment, and int constants that fit a byte, short or char compile.
 */
test('lossy primitive conversions: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Lossy.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;

public class Lossy {
    static final int LIMIT = 10;

    long stamp() {
        return 1L;
    }

    double ratio() {
        return 0.5;
    }

    int count(List<Msg> msgs, long total) {
        int fromMethod = stamp(); // error
        int fromLocal = total; // error
        float fromDouble = ratio(); // error
        int product = msgs.size() * 2L; // error
        int literal = 3.5; // error
        byte fromSize = msgs.size(); // error
        int widened = msgs.size();
        long wider = stamp();
        double widest = total;
        int cast = (int) stamp();
        byte small = 10;
        short constant = LIMIT;
        char letter = 'a' + 1;
        widened += 2L;
        return fromMethod + fromLocal + (int) fromDouble + product + literal + fromSize + widened + (int) wider + (int) widest + cast + small + constant + letter;
    }

    int returned(Msg msg) {
        return stamp() + msg.getTextContent().length(); // error
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});

/**
 * A JDK method that returns nothing, where a value is declared: "void cannot be converted"
 * (`Object o = msgs.clear()`, `boolean b = msgs.forEach(..)`, `String s = System.out.println(x)`),
 * and a `var` it initializes, "cannot infer type"; the same calls as statements compile.
 */
test('a void JDK result used as a value: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'VoidValues.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

public class VoidValues {
    private static final Logger log = LoggerFactory.getLogger(VoidValues.class);

    void logged(Msg msg) {
        var warned = log.warn("odd message {}", msg); // error
        String debugged = log.debug("seen"); // error
        log.info("message {} of {}", msg, msg.getName());
    }

    void use(List<Msg> msgs) {
        Object cleared = msgs.clear(); // error
        boolean each = msgs.forEach(m -> System.out.println(m)); // error
        List<Msg> copy = new ArrayList<>(msgs);
        int sorted = copy.sort(null); // error
        String printed = System.out.println(msgs); // error
        var each2 = msgs.forEach(m -> System.out.println(m)); // error
        var shown = System.err.println(sorted); // error
        copy.sort(null);
        msgs.forEach(m -> System.out.println(m));
        msgs.clear();
        System.out.println(cleared + "" + each + sorted + printed + each2 + shown);
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});
