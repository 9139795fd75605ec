import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A generic AgentScope method whose type variable a `Class<T>` argument pins (an equality
 * constraint): `RuntimeContext.put(Class<T> type, T value)` given `User.class` takes a User, not the
 * String id, as the builder's `put` does. The value may widen or box to T (`put(Number.class, 3)`,
 * `put(CharSequence.class, id)`). javac decides: Broken's lines tagged `// error` are the ones it
 * rejects, and check reports them (AS007); Clean compiles and checks clean.
 */
const BROKEN = `package demo;

import io.agentscope.core.agent.RuntimeContext;

public class Broken {
    record User(String id) {}
    void f(RuntimeContext ctx, String userId) {
        ctx.put(User.class, userId); // error
        ctx.put(Integer.class, "3"); // error
        RuntimeContext.builder().put(String.class, 42).build(); // error
    }
}
`;
const CLEAN = `package demo;

import io.agentscope.core.agent.RuntimeContext;

public class Clean {
    record User(String id) {}
    <T> void f(RuntimeContext ctx, String userId, Class<T> type, T value, Class<?> any) {
        ctx.put(User.class, new User(userId));
        ctx.put(Integer.class, 3);
        ctx.put(Number.class, 3);
        ctx.put(CharSequence.class, userId);
        ctx.put(type, value);
        ctx.put(User.class, null);
        RuntimeContext.builder().put(String.class, "ok").build();
    }
}
`;

test('a value where a Class<T> argument pins the T of an AgentScope method: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS007')).toBe(true);
}, 180_000);
