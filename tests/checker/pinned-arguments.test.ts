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

/**
 * The class a `Class<T>` argument names must be within T's bound: `<T extends ContentBlock>
 * boolean hasContentBlocks(Class<T>)` given `ChatUsage.class`, `String.class` or an event's class
 * is javac's "method hasContentBlocks in class Msg cannot be applied to given types", a
 * `Class<ChatUsage>` variable too; a ContentBlock's class, or a project class implementing one, fits.
 */
test('a Class<T> argument outside the bound of T: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Bounds.java': `package demo;

import io.agentscope.core.hook.PreReasoningEvent;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolUseBlock;
import io.agentscope.core.model.ChatUsage;
import java.util.List;

public class Bounds {
    void f(Msg msg) {
        boolean a = msg.hasContentBlocks(PreReasoningEvent.class); // error
        boolean b = msg.hasContentBlocks(ChatUsage.class); // error
        List<ChatUsage> c = msg.getContentBlocks(ChatUsage.class); // error
        boolean d = msg.hasContentBlocks(String.class); // error
        Class<ChatUsage> k = ChatUsage.class;
        boolean e = msg.hasContentBlocks(k); // error
        boolean g = msg.hasContentBlocks(TextBlock.class);
        List<ToolUseBlock> h = msg.getContentBlocks(ToolUseBlock.class);
        List<ContentBlock> i = msg.getContentBlocks(ContentBlock.class);
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
