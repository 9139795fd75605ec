import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Lambdas whose target is a functional interface the project declares (`interface Action<T> { T
 * run(Ctx ctx); }`), given to a variable, to a method of the class, or to a generic one (`<T> T
 * with(String id, Action<T> action)`, whose T inference decides: the lambda's parameter is still a
 * Ctx). The parameter's type is the interface method's, so a misspelled AgentScope method on it is
 * "cannot find symbol", and a result the interface's fully known result type cannot take is "bad
 * return type in lambda expression". javac decides: Broken.java's lines tagged `// error` are the
 * ones it rejects and check reports them; Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import java.util.List;
`;
const TYPES = `
    @FunctionalInterface
    interface Action<T> {
        T run(Ctx ctx) throws Exception;

        default Action<T> logged() {
            return this;
        }
    }

    interface Render {
        String render(Msg msg, int width);
    }

    record Ctx(Msg msg, String name) {}

    private <T> T with(String id, Action<T> action) throws Exception {
        return action.run(new Ctx(null, id));
    }

    private void each(List<Msg> msgs, Render render) {}
`;
const BROKEN = `${HEAD}
public class Broken {${TYPES}
    void f(List<Msg> msgs) throws Exception {
        with("a", ctx -> ctx.msg().getTextConten()); // error
        Action<String> a = ctx -> ctx.msg().getTextConten(); // error
        Action<String> b = ctx -> ctx.msg(); // error
        each(msgs, (m, w) -> m.getTextConten()); // error
        Render r = (m, w) -> m.getRole(); // error
        Action<MsgRole> c = ctx -> {
            return ctx.msg().getRol(); // error
        };
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {${TYPES}
    void f(List<Msg> msgs) throws Exception {
        String text = with("a", ctx -> ctx.msg().getTextContent());
        Msg m = with("b", Ctx::msg);
        Object any = with("c", ctx -> ctx.name().length());
        Action<String> a = ctx -> ctx.msg().getTextContent();
        Action<Object> b = ctx -> ctx.msg();
        each(msgs, (msg, w) -> msg.getTextContent().substring(0, w));
        Render r = (msg, w) -> msg.getRole().name();
        Action<MsgRole> c = ctx -> {
            return ctx.msg().getRole();
        };
        System.out.println(text + m + any + a + b + r + c.logged());
    }
}
`;

test('lambdas against functional interfaces the project declares: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
