import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * AS020: modifiers and bodies no method may have. An `abstract` added to a tool's or a
 * middleware's override keeps its body ("abstract methods cannot have a body") and makes the class
 * one that does not implement it ("is not abstract and does not override abstract method"), at the
 * class's name, a record's keyword or an anonymous class's brace; `abstract` beside `private`,
 * `static` or `final` is an illegal combination; a method of a class without a body is "missing
 * method body". javac decides: the lines tagged `// error` are the ones it rejects and check
 * reports them; abstract classes, interfaces' abstract and default methods and native methods compile.
 */
test('illegal modifiers and bodies of methods: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Modifiers.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.tool.AgentTool;
import io.agentscope.core.tool.ToolCallParam;
import java.util.Map;
import reactor.core.publisher.Mono;

public abstract class Modifiers {
    abstract String describe(Msg m) { // error
        return m.getTextContent();
    }

    private abstract void reset(); // error

    abstract static Msg first(); // error

    final abstract Msg last(); // error

    Msg echo(Msg m); // error

    native long handle();

    abstract Msg next();

    static class Weather implements AgentTool { // error
        @Override
        public String getName() {
            return "weather";
        }

        @Override
        public String getDescription() {
            return "the weather";
        }

        @Override
        public Map<String, Object> getParameters() {
            return Map.of();
        }

        @Override
        public abstract Mono<ToolResultBlock> callAsync(ToolCallParam param) { // error
            return Mono.just(ToolResultBlock.text("sunny"));
        }
    }

    Runnable task = new Runnable() { // error
        @Override
        public abstract void run();
    };

    record Reply(Msg msg) { // error
        abstract String text();
    }

    interface Source {
        abstract Msg read() { // error
            return null;
        }

        default Msg peek(); // error

        private abstract void close(); // error

        abstract Msg poll();

        default Msg take() {
            return poll();
        }
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
