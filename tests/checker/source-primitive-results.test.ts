import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A method the checked sources declare with a primitive result (a record's `int` accessor, a
 * helper's `boolean`) is exactly that primitive: assigned where an AgentScope type is declared,
 * javac rejects it ("incompatible types: int cannot be converted to Msg"); passed to an AgentScope
 * method no overload of which takes it, likewise. Widening, boxing and Object are clean, as is a
 * primitive assigned to a JDK type (no AgentScope surface). javac decides.
 */
const HEAD = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.TextBlock;
import java.util.List;
`;
const BROKEN = `${HEAD}
public class Broken {
    record Turn(Msg msg, int index, boolean last) {}
    static int count(List<Msg> msgs) { return msgs.size(); }
    long stamp() { return 1L; }

    void f(Turn t, List<Msg> msgs) {
        Msg a = t.index(); // error
        MsgRole r = t.last(); // error
        TextBlock b = count(msgs); // error
        Msg c = this.stamp(); // error
        Msg d = Broken.count(msgs); // error
        TextBlock.builder().text(t.index()).build(); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    record Turn(Msg msg, int index, boolean last) {}
    static int count(List<Msg> msgs) { return msgs.size(); }
    static String count(List<Msg> msgs, int from) { return ""; }
    long stamp() { return 1L; }

    void f(Turn t, List<Msg> msgs) {
        long n = t.index();
        Integer boxed = t.index();
        Object any = t.last();
        double x = count(msgs);
        Number num = this.stamp();
        String s = count(msgs, 1);
        Msg m = t.msg();
        TextBlock.builder().text(String.valueOf(t.index())).build();
        int i = t.index() + count(msgs);
    }
}
`;

test('a project method’s primitive result where an AgentScope type is declared or taken: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS013' || f.rule === 'AS007')).toBe(true);
}, 180_000);
