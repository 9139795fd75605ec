import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A type whose import failed is javac's erroneous type: javac reports the import and each use of
 * the name, and nothing that only follows from it. A variable declared with it takes any value;
 * an override whose signature holds it (a parameter, or a type argument of its result or of a
 * parameter) overrides what matches it by name and arity, and its result is not judged. Only a
 * method that matches nothing by arity is still reported (with its class, when that leaves an
 * abstract method unimplemented). javac decides.
 */
const ASSIGNED = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.studio.Msg; // error
import io.agentscope.core.message.UserMessage;
import java.util.List;

public class Assigned {
    void run(ReActAgent agent) {
        Msg reply = agent.call(List.of(new UserMessage("hi"))).block(); // error
        Msg other = agent.call(new UserMessage("x")).block(); // error
        System.out.println(reply + "" + other);
    }
}
`;

const MIDDLEWARE = `package demo;

import io.agentscope.core.agent.Agent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.skill.AgentEvent; // error
import io.agentscope.core.middleware.AgentInput;
import io.agentscope.core.middleware.MiddlewareBase;
import java.util.function.Function;
import reactor.core.publisher.Flux;

public class Audit implements MiddlewareBase {
    @Override
    public Flux<AgentEvent> onAgent(Agent agent, RuntimeContext ctx, AgentInput input, // error
                                    Function<AgentInput, Flux<AgentEvent>> next) { // error
        return next.apply(input);
    }
}
`;

const TOOL = `package demo;

import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.tool.AgentTool;
import io.agentscope.core.tool.ToolCallParm; // error
import java.util.Map;
import reactor.core.publisher.Mono;

public class Tool implements AgentTool {
    @Override public String getName() { return "t"; }
    @Override public String getDescription() { return "d"; }
    @Override public Map<String, Object> getParameters() { return Map.of(); }
    @Override public Mono<ToolResultBlock> callAsync(ToolCallParm param) { return Mono.empty(); } // error
}
`;

/** The same mistake in a method of another arity: it overrides nothing, and callAsync stays unimplemented. */
const TOOL_ARITY = `package demo;

import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.tool.AgentTool;
import io.agentscope.core.tool.ToolCallParm; // error
import java.util.Map;
import reactor.core.publisher.Mono;

public class Tool2 implements AgentTool { // error
    @Override public String getName() { return "t"; }
    @Override public String getDescription() { return "d"; }
    @Override public Map<String, Object> getParameters() { return Map.of(); }
    @Override // error
    public Mono<ToolResultBlock> callAsync(ToolCallParm param, int x) { return Mono.empty(); } // error
}
`;

/** A misspelled import leaves the right name unimported (AS011 at each use): a class or anonymous class of it overrides nothing, not even Object's methods. */
const UNIMPORTED = `package demo;

import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.tool.AgentoTol; // error
import io.agentscope.core.tool.ToolCallParam;
import java.util.Map;
import reactor.core.publisher.Mono;

public class Factory {
    AgentTool make() { // error
        return new AgentTool() { // error
            @Override public String getName() { return "t"; } // error
            @Override public Map<String, Object> getParameters() { return Map.of(); } // error
            @Override public Mono<ToolResultBlock> callAsync(ToolCallParam param) { return Mono.empty(); } // error
            @Override public String toString() { return "t"; } // error
        };
    }

    static class Named implements AgentTool { // error
        @Override public String getName() { return "t"; } // error
        @Override public String toString() { return "n"; }
    }
}
`;

test('a failed import is reported at the import and at each use, and nothing that follows from it: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Assigned.java': ASSIGNED, 'Audit.java': MIDDLEWARE, 'Tool.java': TOOL, 'Tool2.java': TOOL_ARITY, 'Factory.java': UNIMPORTED });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
