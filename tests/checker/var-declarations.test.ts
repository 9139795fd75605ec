import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * `var` where javac cannot use it (AS022): a local whose initializer has no type of its own (a lambda,
 * a method reference, `null`, an array initializer) or that has none ("cannot infer type for local
 * variable x"), and, as javac's parser reports them, `var` as a field's, a method's result's or a
 * parameter's type ("'var' is not allowed here"), in a compound declaration or with brackets. javac
 * decides, each file on its own (a parser error stops javac before it attributes anything): the lines
 * tagged `// error` are the ones it rejects and check reports them; `var` for-each and for
 * variables, lambda parameters, a cast lambda and an AgentScope call's result compile.
 */
test('var where no type can be inferred or var is not allowed: javac and check agree line by line', async () => {
  const v = await javacDecides(
    {
      'Locals.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import java.util.List;
import java.util.function.Function;

public class Locals {
    void f(List<Msg> msgs) {
        var toText = (Function<Msg, String>) Msg::getTextContent;
        var byRole = m -> m.getRole() == MsgRole.USER; // error
        var last = null; // error
        var printer = System.out::println; // error
        var sizes = {1, 2}; // error
        var none; // error
        for (var m : msgs) System.out.println(m);
        for (var i = 0; i < 2; i++) System.out.println(i);
        Function<Msg, String> text = (var m) -> m.getTextContent();
        var first = msgs.get(0);
        System.out.println(toText.apply(first) + text.apply(first));
    }
}
`,
      'Fields.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;

public class Fields {
    private var greeting = Msg.builder().role(MsgRole.USER).textContent("hi").build(); // error

    var name() { // error
        return "fields";
    }

    void take(var msg) { // error
    }
}
`,
      'Compound.java': `package demo;

public class Compound {
    int g() {
        var a = 1, b = 2; // error
        var c[] = new int[1]; // error
        return a + b + c.length;
    }
}
`,
    },
    { separately: true },
  );
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});
