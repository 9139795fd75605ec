import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A single-static import of a member its AgentScope type does not have brings nothing: javac
 * reports the import ("cannot find symbol") and every use of the name as a variable or an
 * unqualified call, while a local or parameter of that name, or another import that does bring
 * it, leaves a use clean. check reports each use with the import's line named. javac decides.
 */
const BROKEN = `package demo;

import static io.agentscope.core.message.MsgRole.USR; // error
import static io.agentscope.core.message.Msg.buildr; // error
import static io.agentscope.core.message.MsgRole.USER;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;

public class Broken {
    void f(Msg msg) {
        Object u = USR; // error
        Object v = USR.name(); // error
        Object w = buildr(); // error
        MsgRole ok = USER;
        if (msg.getRole() == USR) { } // error
    }
    void g(int USR) {
        Object shadow = USR;
    }
    void h() {
        String buildr = "local";
        Object x = buildr;
    }
}
`;
const CLEAN = `package demo;

import static io.agentscope.core.message.MsgRole.USER;
import static io.agentscope.core.message.Msg.builder;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;

public class Clean {
    Msg f() {
        MsgRole r = USER;
        return builder().role(r).textContent("hi").build();
    }
}
`;

test('every use of a name whose single-static import failed: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.filter((f) => f.line > 5).every((f) => f.rule === 'AS002' && /its static import on line [34] names no member/.test(f.message))).toBe(true);
}, 180_000);
