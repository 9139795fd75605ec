import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A type given a number of type arguments it does not declare, whether AgentScope's, the JDK's or
 * Reactor's (`Msg<String>`, `List<String, Object>`, `String<String>`, `Mono<A, B>`): javac reports
 * it where it is written and makes the type erroneous, so nothing done with it is reported again
 * (an unknown member, an assignment, an override it no longer matches). javac decides.
 */
const VALUES = `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Mono;

public class Values {
    void f(Msg<String> m, // error
           List<String, Object> l, // error
           Mono<String, String> mono, // error
           String<String> s) { // error
        m.nonexistent();
        Integer i = m;
        l.foo();
        Integer j = l;
        mono.bar();
        s.baz();
        Map<String> mm = Map.of(); // error
        mm.qux();
        Map.Entry<String> e = null; // error
        Class<String, String> c = null; // error
        Map<String, Object> fine = Map.of();
        fine.put("k", 1);
    }
}
`;

/** In an override: the wrong count is the one error; the method still overrides by name and arity. */
const TOOL = `package demo;

import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.tool.AgentTool;
import io.agentscope.core.tool.ToolCallParam;
import java.util.Map;
import reactor.core.publisher.Mono;

public class Tool implements AgentTool {
    @Override public String getName() { return "t"; }
    @Override public String getDescription() { return "d"; }
    @Override public Map<String> getParameters() { return Map.of(); } // error
    @Override public Mono<ToolResultBlock, String> callAsync(ToolCallParam param) { return Mono.empty(); } // error
}
`;

/** A parameter's type likewise: the method still overrides the one it matches by name and arity. */
const MODEL = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.model.ChatResponse;
import io.agentscope.core.model.GenerateOptions;
import io.agentscope.core.model.Model;
import io.agentscope.core.model.ToolSchema;
import java.util.List;
import reactor.core.publisher.Flux;

public class Echo implements Model {
    @Override
    public Flux<ChatResponse> stream(
            String<Msg> messages, List<ToolSchema> tools, GenerateOptions options) { // error
        return Flux.empty();
    }
    @Override public String getModelName() { return "m"; }
}
`;

test('a wrong count of type arguments is one error where it is written, and nothing that follows from it: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Values.java': VALUES, 'Tool.java': TOOL, 'Echo.java': MODEL });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.filter((f) => f.rule === 'AS003').map((f) => f.message)).toContain('List takes 1 type argument, not 2');
}, 180_000);
