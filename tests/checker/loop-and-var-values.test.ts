import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Values whose type their declaration decides, judged as a written local's: an enhanced-for
 * variable with its type written (or `var` over an exactly typed iterable), and a `var`
 * initialized by a factory that takes its type argument from its arguments alone (`List.of(x)`,
 * `Set.of(a, b)`, `Flux.just(x)`, `Optional.of(x)`: no target type there). javac decides.
 */
const BROKEN = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.ToolUseBlock;
import io.agentscope.core.model.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import reactor.core.publisher.Flux;

public class Broken {
    void loop(List<ToolUseBlock> in) {
        List<String> calls = new ArrayList<>();
        for (ToolUseBlock call : in) {
            calls.add(call); // error
            String s = call; // error
        }
    }
    void varLoop(Msg msg) {
        for (var block : msg.getContent()) {
            String s = block; // error
        }
    }
    void builders(Model model, String p) {
        var messages = List.of(Msg.builder().role(MsgRole.USER).textContent(p));
        model.stream(messages, List.of(), null); // error
    }
    void swapped(Model model, String p) {
        var messages = List.of(Msg.builder().role(MsgRole.USER).textContent(p).build());
        model.stream(List.of(), messages, null); // error
    }
    void others(Msg a, Msg b) {
        var both = List.of(a, b);
        List<String> texts = both; // error
        var one = Optional.of(a);
        Optional<String> text = one; // error
        var flux = Flux.just(a, b);
        Flux<String> strings = flux; // error
    }
}
`;
const CLEAN = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolUseBlock;
import io.agentscope.core.model.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import reactor.core.publisher.Flux;

public class Clean {
    void loop(List<ToolUseBlock> in) {
        List<ToolUseBlock> calls = new ArrayList<>();
        List<Object> all = new ArrayList<>();
        for (ToolUseBlock call : in) {
            calls.add(call);
            all.add(call);
            Object o = call;
            String name = call.getName();
        }
    }
    void varLoop(Msg msg) {
        for (var block : msg.getContent()) {
            ContentBlock c = block;
        }
        for (ContentBlock block : msg.getContent()) {
            if (block instanceof TextBlock t) System.out.println(t.getText());
        }
    }
    void messages(Model model, String p) {
        var messages = List.of(Msg.builder().role(MsgRole.USER).textContent(p).build());
        model.stream(messages, List.of(), null);
    }
    void others(Msg a, TextBlock t) {
        var both = List.of(a, a);
        List<Msg> msgs = both;
        var mixed = List.of(a, t);
        List<? extends Object> any = mixed;
        var one = Optional.of(a);
        Optional<Msg> m = one;
        var flux = Flux.just(a);
        Flux<Msg> f = flux;
    }
}
`;

test('loop variables and var locals whose type their declaration decides: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);

test('a var copying an exactly typed collection with a diamond, and a var aliasing a written variable: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Copies.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class Copies {
    int f(Map<String, Msg> byId, List<Msg> msgs, List<? extends Msg> some) {
        var all = new LinkedHashMap<>(byId);
        var r = all.get("x");
        int n = r + 1; // error
        var copy = new ArrayList<>(msgs);
        String first = copy.get(0); // error
        var alias = r;
        boolean b = alias == "x"; // error
        Msg ok = copy.get(0);
        var wide = new ArrayList<>(some);
        Msg w = wide.get(0);
        Object o = all.get("y");
        String text = r.getTextContent() + ok + w + o + alias;
        return b ? n : text.length();
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

/**
 * A for-each over a variable written with a raw collection type (`List hooks`, a raw `Collection`
 * parameter): its elements are Objects, so an AgentScope loop variable is "Object cannot be
 * converted to Hook"; an Object or `var` loop variable, and a typed list, compile.
 */
test('for-each over a raw collection: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Raw.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

public class Raw {
    @SuppressWarnings({"rawtypes", "unchecked"})
    void use(List<Msg> typed, Collection rawParam) {
        List msgs = new ArrayList<>(typed);
        for (Msg m : msgs) { // error
            System.out.println(m);
        }
        for (Object o : msgs) {
            System.out.println(o);
        }
        for (var o : msgs) {
            System.out.println(o);
        }
        for (Msg m : rawParam) { // error
            System.out.println(m);
        }
        for (Msg m : typed) {
            System.out.println(m);
        }
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});

/**
 * A call on a variable written with a raw type (`List msgs`, a raw `Map`, `Mono`, `Optional`
 * parameter or field) whose result is one of the type's own parameters (`E get(int)`): javac
 * erases the type's members, so the result is an Object. A method of Msg on it is "cannot find
 * symbol", an AgentScope local given it "Object cannot be converted"; Object's own methods, a cast,
 * an Object local and a typed receiver compile.
 */
test('results of a raw receiver are Objects: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'RawCalls.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import reactor.core.publisher.Mono;

@SuppressWarnings({"rawtypes", "unchecked"})
public class RawCalls {
    private List history;

    String first(List msgs) {
        return msgs.get(0).getTextContent(); // error
    }

    Msg assigned(List msgs) {
        Msg m = msgs.get(0); // error
        return m;
    }

    String byName(Map byName) {
        return byName.get("x").getTextContent(); // error
    }

    String blocked(Mono reply) {
        return reply.block().getTextContent(); // error
    }

    String fromField() {
        return history.get(0).getTextContent(); // error
    }

    Msg optional(Optional o) {
        Msg m = o.orElse(null); // error
        return m;
    }

    String iterated(Iterator it, List<Msg> typed) {
        Iterator<Msg> each = typed.iterator();
        return it.next().getTextContent() + each.next().getTextContnt(); // error
    }

    String fine(List msgs, List<Msg> typed, Map byName) {
        Object o = msgs.get(0);
        String s = msgs.get(0).toString();
        Iterator<Msg> each = typed.iterator();
        String next = each.hasNext() ? each.next().getTextContent() : "";
        Msg m = (Msg) msgs.get(0);
        boolean absent = byName.get("x") == null;
        return s + next + o + m + absent + typed.get(0).getTextContent() + ((Msg) msgs.get(0)).getTextContent();
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});
